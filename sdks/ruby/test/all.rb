# frozen_string_literal: true

# Every test file (ruby -Ilib test/all.rb -v); a file alone runs with ruby -Ilib test/<file>.rb.
Dir[File.join(__dir__, "test_*.rb")].sort.each { |file| require file }
