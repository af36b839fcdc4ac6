import { errorCodes, errorStatus } from '@stromwerk/contracts/errors';
import type { FuzzCase } from './fuzz-corpus';

export interface Verdict {
  c: FuzzCase;
  status: number;
  problem: string;
  body: string;
}

const TIMEOUT_MS = 10_000;

/** The field a case mutated (`body overlay.x: NUL byte` -> `x`), when it mutated one field. */
const mutatedField = (label: string) =>
  label
    .match(/^(?:body|query|path) ([\w.]+): /)?.[1]
    ?.split('.')
    .pop();

/**
 * What is wrong with one answer: a 5xx, a hang, or a 4xx outside the one error shape; a validation error
 * must name the field; for a NUL byte in one field, that field.
 */
function judge(status: number, text: string, c: FuzzCase): string | undefined {
  if (status >= 500) return '5xx';
  if (status < 400) return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'error without a JSON body';
  }
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,message,statusCode' && keys !== 'code,details,message,statusCode')
    return `error shape has keys ${keys}`;
  if (body.statusCode !== status) return `statusCode ${String(body.statusCode)} differs from ${status}`;
  if (!errorCodes.includes(body.code as (typeof errorCodes)[number]))
    return `unknown code ${String(body.code)}`;
  if (errorStatus[body.code as keyof typeof errorStatus] !== status)
    return `code ${String(body.code)} is catalogued with ${errorStatus[body.code as keyof typeof errorStatus]}`;
  if (typeof body.message !== 'string' || !body.message) return 'empty message';
  if (/\n\s+at /.test(body.message)) return 'stack trace in message';
  if (body.code === 'VALIDATION_FAILED') {
    const details = body.details as { field?: unknown; message?: unknown }[] | undefined;
    if (!details?.length) return 'validation error without details';
    if (!details.every((d) => typeof d.field === 'string' && d.field && typeof d.message === 'string'))
      return 'validation detail without a field';
    if (!details.some((d) => body.message!.toString().includes(d.field as string)))
      return 'message does not name the field';
    const field = mutatedField(c.label);
    // A NUL byte is refused before any other check, so the answer names exactly the field that carried it.
    if (/NUL/.test(c.label) && field && !details.some((d) => (d.field as string).split('.').includes(field)))
      return `validation error does not name ${field}`;
  }
  return undefined;
}

/** Sends one case over a real socket and judges the answer. */
export async function send(base: string, token: string, c: FuzzCase): Promise<Verdict> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (c.contentType) headers['content-type'] = c.contentType;
  try {
    const res = await fetch(`${base}${c.url}`, {
      method: c.method,
      headers,
      ...(c.body !== undefined ? { body: c.body } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    return { c, status: res.status, problem: judge(res.status, text, c) ?? '', body: text.slice(0, 300) };
  } catch (e) {
    const name = (e as Error).name;
    const problem = name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS} ms` : `request failed: ${e}`;
    return { c, status: 0, problem, body: '' };
  }
}

/** Runs the cases `concurrency` at a time, in order within each operation's position in the list. */
export async function sendAll(base: string, token: string, cases: FuzzCase[], concurrency: number) {
  const verdicts: Verdict[] = [];
  // Cases of one operation stay in order (the valid delete comes last); operations overlap.
  const byOp = new Map<string, FuzzCase[]>();
  for (const c of cases) byOp.set(c.op, [...(byOp.get(c.op) ?? []), c]);
  const groups = [...byOp.values()];
  // Deletes (and what ends sessions) keep the corpus's order: one group at a time.
  const parallel = groups.filter((g) => g[0]!.method !== 'DELETE' && !/logout|sessions/.test(g[0]!.op));
  const serial = groups.filter((g) => !parallel.includes(g));
  let next = 0;
  const worker = async () => {
    while (next < parallel.length) {
      const group = parallel[next++]!;
      for (const c of group) verdicts.push(await send(base, token, c));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  for (const group of serial) for (const c of group) verdicts.push(await send(base, token, c));
  return verdicts;
}

export const describeVerdict = (v: Verdict) =>
  `${v.c.method} ${v.c.op} [${v.c.label}] -> ${v.status} ${v.problem}: ${v.body.slice(0, 160)}`;
