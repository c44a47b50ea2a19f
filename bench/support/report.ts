// The final table: each project figure beside the anchor measured in the same run.

export interface Comparison {
  database: string;
  scenario: string;
  unit: string;
  project: number;
  /** Measured in the same run; null where the target is an absolute figure with nothing to compare to. */
  anchor: number | null;
  /** How the ratio is formed: the project over the anchor, or (for "n times slower") the other way round. */
  ratioOf: 'project / anchor' | 'anchor / project';
  /** What the target judges: the ratio, or the project figure itself (the anchor then only gives scale). */
  judged: 'ratio' | 'project';
  /** null: a figure shown for scale, with no target to meet. */
  target: { atLeast: number } | { atMost: number } | null;
  note?: string;
}

export function ratio(row: Comparison): number | null {
  if (row.anchor === null) return null;
  return row.ratioOf === 'project / anchor' ? row.project / row.anchor : row.anchor / row.project;
}

export function met(row: Comparison): boolean {
  if (row.target === null) return false;
  const value = row.judged === 'ratio' ? ratio(row) : row.project;
  if (value === null) return false;
  return 'atLeast' in row.target ? value >= row.target.atLeast : value <= row.target.atMost;
}

export function formatTable(rows: readonly Comparison[]): string {
  const lines = ['| database | scenario | project | anchor | ratio | target | met |', '|---|---|---|---|---|---|---|'];
  for (const row of rows) {
    const value = ratio(row);
    // Three decimals: at two, a ratio of 1.202 against a target of 1.2 would read as met.
    const ratioText = value === null ? '-' : `${value.toFixed(3)} (${row.ratioOf})`;
    const anchor = row.anchor === null ? '-' : `${figure(row.anchor)} ${row.unit}`;
    lines.push(`| ${row.database} | ${row.scenario} | ${figure(row.project)} ${row.unit} | ${anchor} | ${ratioText} | ${describeTarget(row)} | ${row.target === null ? '-' : met(row) ? 'yes' : 'no'} |`);
  }
  const notes = rows.filter((row) => row.note !== undefined).map((row) => `- ${row.database}, ${row.scenario}: ${row.note}`);
  return `${lines.join('\n')}\n${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`;
}

function describeTarget(row: Comparison): string {
  if (row.target === null) return '-';
  const bound = 'atLeast' in row.target ? `>= ${row.target.atLeast}` : `<= ${row.target.atMost}`;
  return row.judged === 'ratio' ? `ratio ${bound}` : `${bound} ${row.unit}`;
}

export function figure(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Progress and detail lines go to stderr, so that stdout keeps only the results. */
export function log(line: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}
