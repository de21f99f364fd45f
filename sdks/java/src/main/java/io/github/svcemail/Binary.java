package io.github.svcemail;

/** Bytes as the API sent them (an attachment), with their content type. */
public record Binary(byte[] content, String contentType) {}
