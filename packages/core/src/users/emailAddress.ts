import { AppError } from "../errors.ts";

const MAX_EMAIL_LENGTH = 254;

/**
 * Account emails are compared case-insensitively: stored trimmed and lower-cased. The pattern is
 * deliberately plain (one @, a dot in the domain, no spaces); the invitation email proves the rest.
 */
export function normalizeAccountEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!email) throw new AppError("validation_failed", "Email: enter your email address.");
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(email)) {
    throw new AppError("validation_failed", "Email: enter a valid email address.");
  }
  return email;
}
