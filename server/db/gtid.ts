/**
 * MariaDB GTID positions (`@@gtid_binlog_pos`, `@@gtid_slave_pos`): a comma-separated list of
 * `domain-server-sequence`, one per replication domain. With gtid_strict_mode the sequence only
 * grows within a domain, so "has a replica applied this position" is a comparison per domain.
 */
export type TGtidPosition = Map<number, bigint>;

export function parseGtidPosition(text: string | null | undefined): TGtidPosition {
  const position: TGtidPosition = new Map();
  for (const part of (text ?? '').split(',')) {
    const match = /^\s*(\d+)-(\d+)-(\d+)\s*$/.exec(part);
    if (!match) continue;
    const domain = Number(match[1]);
    const sequence = BigInt(match[3]!);
    if ((position.get(domain) ?? -1n) < sequence) position.set(domain, sequence);
  }
  return position;
}

/** True when `have` has reached `want` in every domain `want` names. */
export function gtidCovers(have: TGtidPosition, want: TGtidPosition): boolean {
  for (const [domain, sequence] of want) if ((have.get(domain) ?? -1n) < sequence) return false;
  return true;
}
