package io.github.svcemail;

import java.util.List;

/**
 * A batch's answer: one entry per email, in request order ({@code id}/{@code status}, or in
 * permissive mode {@code error}/{@code code} for a refused one), and whether it was replayed.
 */
public record BatchResult(List<Models.BatchEntry> entries, boolean replayed) {}
