package io.github.svcemail;

/** The entry added, and whether it is new ({@code false} when the address was already listed). */
public record SuppressionAdded(boolean created, Models.Suppression suppression) {}
