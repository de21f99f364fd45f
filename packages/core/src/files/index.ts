export { createFileStore, type FileStoreSettings } from "./config.ts";
export { drainFileDeletions } from "./deletions.ts";
export { postgresFileStore } from "./postgres.ts";
export { type S3FileStoreOptions, s3FileStore } from "./s3.ts";
export { type EmailFiles, type FileStore, FileStoreUnavailable, type StoredFileStream } from "./store.ts";
