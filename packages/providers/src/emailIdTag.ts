/** The SES message tag that carries our email id (tag values allow [A-Za-z0-9_-]). */
export const EMAIL_ID_TAG = "svc_email_id";
