module github.com/svc-email/svc/sdks/go

go 1.19
