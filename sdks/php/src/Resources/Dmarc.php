<?php

declare(strict_types=1);

namespace SvcEmail\Resources;

use SvcEmail\Operation;

/**
 * DMARC aggregate reports received at the workspace's reporting address, and what they add up to.
 *
 * @phpstan-import-type DmarcReport from \SvcEmail\Generated
 * @phpstan-import-type ListDmarcReportsResponse from \SvcEmail\Generated
 * @phpstan-import-type GetDmarcReportResponse from \SvcEmail\Generated
 * @phpstan-import-type SummarizeDmarcResponse from \SvcEmail\Generated
 */
final class Dmarc extends Resource
{
    /**
     * One page of reports, newest first: ['data' => [...], 'nextCursor' => ?string].
     *
     * @return ListDmarcReportsResponse
     */
    #[Operation('listDmarcReports')]
    public function listReportsPage(?string $domain = null, ?int $limit = null, ?string $after = null): array
    {
        return $this->call('listDmarcReports', query: compact('domain', 'limit', 'after'));
    }

    /** @return \Generator<int, DmarcReport> */
    public function listReports(int $pageSize = self::DEFAULT_PAGE_SIZE, ?string $domain = null): \Generator
    {
        $after = null;
        do {
            $page = $this->listReportsPage($domain, $pageSize, $after);
            yield from $page['data'];
            $after = $page['nextCursor'];
        } while ($after !== null);
    }

    /**
     * One report with its records (one per source IP and outcome).
     *
     * @return GetDmarcReportResponse
     */
    #[Operation('getDmarcReport')]
    public function getReport(string $id): array
    {
        return $this->call('getDmarcReport', ['id' => $id]);
    }

    /**
     * Totals, sources and daily counts over [$from, $to), and the reports refused at the address.
     *
     * @return SummarizeDmarcResponse
     */
    #[Operation('summarizeDmarc')]
    public function summary(?string $from = null, ?string $to = null, ?string $domain = null): array
    {
        return $this->call('summarizeDmarc', query: compact('from', 'to', 'domain'));
    }
}
