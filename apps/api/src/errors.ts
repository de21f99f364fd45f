import { AppError } from "@svc/core";
import { type BodyWording, bodyErrorAnswer, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@svc/runtime";

/** How body errors name the API's request bodies (jsonBody names each route's own limit). */
const BODY_WORDING: BodyWording = { body: "The request body", limit: "1 MB" };

export const bodyNotJson = () => new AppError("bad_request", `${BODY_WORDING.body} is not valid JSON.`);

/** Every error a caller may see, as an AppError; null for a bug (answered 500 without details). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("unavailable", DATABASE_UNAVAILABLE_MESSAGE);
  }
  const bodyError = bodyErrorAnswer(error, BODY_WORDING);
  return bodyError ? new AppError(bodyError.code, bodyError.message) : null;
}
