/**
 * The regex budget, part two: adversarial inputs built from a pattern's own parts (no TypeScript
 * compiler here: the worker that runs the timings loads this).
 */

/**
 * Characters tried against each character class of a pattern: ASCII, the separators mail and
 * headers are made of, and a few non-ASCII letters, digits, spaces and marks.
 */
const CHAR_POOL = [
  ...'aZ0 _-.@;=:,<>/\\"\'()[]{}!?#*+%&|~^$`\t\n\r',
  'é', 'Ж', '年', '٣', '\u00a0', '\u202f', '\u200b', '\u0301', '\ufeff', '>',
];

/** Separators nested into runs: what headers, addresses and HTML are made of. */
const SEPARATORS = [';', '=', '.', '@', '-', '<', '>', ' ', '\t', '\n', '\r\n', ':', ',', '/', '"', '(', ')', '[', ']', '&', '#', '*', '_', '%'];

/** Short strings that mail and headers repeat; each is tried as a run too. */
const MAIL_FRAGMENTS = [
  '<a@b.c>', 'a@b.c ', 'a=b; ', 'a=b;', '=?utf-8?q?a?=', '=3D', '&amp;', '<div>', '</a>', 'http://', 'https://a.b/',
  'www.', 'On Mon, 1 Jan 2024 at 10:00 a <a@b.cc> wrote:\n', '> ', '-- \n', 'a.b.', 'xn--a.', '1 ', '12-34-', 'A1B2',
  'Re: ', 'From: a\n', '\u3000', '--\n', ' \n',
];

interface Atoms {
  literals: string[];
  classes: string[];
  /** Strings the pattern's first path through each top-level alternative matches, atom by atom. */
  prefixes: string[];
}

const QUANTIFIER = /^\{\d+(?:,\d*)?\}/;

/** Pattern source → its literal runs, character classes and witness prefixes (a rough parse). */
function atomsOf(re: RegExp): Atoms {
  const src = re.source;
  const literals: string[] = [];
  const classes: string[] = [];
  const prefixes: string[] = [];
  let literal = '';
  let witness = '';
  /** The witness without optional atoms (`?`, `*`, `{0,…}`): "(www." where the full one is " ( www.". */
  let minimal = '';
  /** Where the last atom (or group) starts in `minimal`, to drop it when a quantifier makes it optional. */
  let atomStart = 0;
  const groupStarts: number[] = [];
  let depth = 0;
  /** Depth of the lookaround being skipped for the witness (it consumes nothing), or -1. */
  let skipWitnessBelow = -1;
  const flush = () => { if (literal) literals.push(literal); literal = ''; };
  const repOf = (cls: string) => {
    try {
      const r = new RegExp(`^(?:${cls})$`, re.flags.replace(/[gy]/g, ''));
      return CHAR_POOL.find((c) => r.test(c)) ?? '';
    } catch {
      return '';
    }
  };
  const addWitness = (s: string) => {
    if (skipWitnessBelow >= 0) return;
    witness += s;
    prefixes.push(witness);
    atomStart = minimal.length;
    minimal += s;
    prefixes.push(minimal);
  };
  const optional = () => { minimal = minimal.slice(0, atomStart); };
  /** Skips to the end of the current group (past other alternatives), keeping the depth. */
  const skipRestOfGroup = (i: number) => {
    let d = 0;
    for (; i < src.length; i++) {
      const c = src[i];
      if (c === '\\') i++;
      else if (c === '[') i = classEnd(i);
      else if (c === '(') d++;
      else if (c === ')') { if (d === 0) return i - 1; d--; }
    }
    return i;
  };
  const classEnd = (i: number) => {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === ']' && j > i + 1 + (src[i + 1] === '^' ? 1 : 0)) return j;
    }
    return src.length - 1;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const e = src[i + 1] ?? '';
      i++;
      if ('dDwWsS'.includes(e)) { flush(); const cls = `\\${e}`; classes.push(cls); addWitness(repOf(cls)); }
      else if ((e === 'p' || e === 'P') && src[i + 1] === '{') {
        const end = src.indexOf('}', i);
        const cls = src.slice(i - 1, end + 1);
        i = end;
        flush(); classes.push(cls); addWitness(repOf(cls));
      } else if (e === 'u' || e === 'x') {
        const m = e === 'u' ? /^u(?:\{([0-9a-f]+)\}|([0-9a-f]{4}))/i.exec(src.slice(i)) : /^x([0-9a-f]{2})/i.exec(src.slice(i));
        if (m) {
          const ch = String.fromCodePoint(parseInt(m[1] ?? m[2]!, 16));
          literal += ch; addWitness(ch);
          i += m[0].length - 1;
        }
      } else if ('bBk0123456789c'.includes(e)) flush();
      else {
        const ch = ({ n: '\n', r: '\r', t: '\t', f: '\f', v: '\v' } as Record<string, string>)[e] ?? e;
        literal += ch; addWitness(ch);
      }
    } else if (c === '[') {
      const end = classEnd(i);
      const cls = src.slice(i, end + 1);
      i = end;
      flush(); classes.push(cls); addWitness(repOf(cls));
    } else if (c === '(') {
      flush();
      depth++;
      groupStarts.push(minimal.length);
      const look = /^\(\?(?:<=|<!|=|!)/.exec(src.slice(i));
      if (look && skipWitnessBelow < 0) skipWitnessBelow = depth;
      const head = /^\((?:\?(?::|<=|<!|=|!|<[A-Za-z_$][\w$]*>))?/.exec(src.slice(i))!;
      i += Math.max(0, head[0].length - 1);
    } else if (c === ')') {
      flush();
      if (skipWitnessBelow === depth) skipWitnessBelow = -1;
      depth--;
      atomStart = groupStarts.pop() ?? 0;
    } else if (c === '|') {
      flush();
      if (depth === 0) { witness = ''; minimal = ''; atomStart = 0; }
      else if (skipWitnessBelow < 0) {
        // The witness keeps the group's first alternative; the others still give literals and classes.
        const end = skipRestOfGroup(i + 1);
        const rest = src.slice(i + 1, end + 1);
        for (const part of atomsOf(new RegExp(balanced(rest), re.flags.replace(/[gy]/g, ''))).literals) literals.push(part);
        i = end;
      }
    } else if (c === '.') {
      flush(); classes.push('.'); addWitness(repOf('.'));
    } else if (c === '^' || c === '$') flush();
    else if (c === '*' || c === '?') { flush(); optional(); }
    else if (c === '+') flush();
    else if (c === '{' && QUANTIFIER.test(src.slice(i))) {
      flush();
      const q = QUANTIFIER.exec(src.slice(i))![0];
      if (q.startsWith('{0')) optional();
      i += q.length - 1;
    }
    else { literal += c; addWitness(c); }
  }
  flush();
  return { literals: [...new Set(literals)], classes: [...new Set(classes)], prefixes: [...new Set(prefixes)] };
}

/** Closes or drops unbalanced parentheses so a slice of a pattern compiles on its own. */
function balanced(part: string): string {
  try {
    new RegExp(part);
    return part;
  } catch {
    return part.replace(/[()]/g, '');
  }
}

export interface HostileInput {
  /** What the input is made of, for the failure message. */
  kind: string;
  /** The input at `size` characters. */
  at(size: number): string;
}

const fill = (unit: string, size: number) => unit.repeat(Math.max(0, Math.ceil(size / unit.length))).slice(0, Math.max(0, size));
const show = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Picks at most n items, spread over the list (long alternations would otherwise swamp the run). */
function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

/**
 * Adversarial inputs for one pattern: long runs of each character its classes accept, its literal
 * parts and the prefixes of a match repeated, each prefix followed by a long run (one start that
 * backtracks over the rest), nested separators and mail-shaped fragments, and `extra` attack
 * strings (for example from a ReDoS checker).
 */
export function hostileInputs(re: RegExp, extra: HostileInput[] = []): HostileInput[] {
  const { literals, classes, prefixes } = atomsOf(re);
  const flags = re.flags.replace(/[gy]/g, '');
  const chars = new Set<string>();
  for (const cls of classes) {
    let r: RegExp;
    try { r = new RegExp(`^(?:${cls})$`, flags); } catch { continue; }
    // Two members and, for a negated class, what it refuses matter most: take the first two matches.
    CHAR_POOL.filter((c) => r.test(c)).slice(0, 2).forEach((c) => chars.add(c));
  }
  for (const l of literals) chars.add(l[0]!);
  const runChars = [...chars];
  const inputs: HostileInput[] = [];
  for (const c of runChars) {
    inputs.push({ kind: `a run of ${show(c)}`, at: (n) => fill(c, n) });
    // A run that ends in a character no class expects: each start in the run scans to it and fails.
    inputs.push({ kind: `a run of ${show(c)} then "\\0"`, at: (n) => `${fill(c, n - 1)}\0` });
  }
  for (const s of SEPARATORS) {
    inputs.push({ kind: `a run of ${show(s)}`, at: (n) => fill(s, n) });
    inputs.push({ kind: `nested separators ${show(`a${s}`)}`, at: (n) => fill(`a${s}`, n) });
  }
  for (const f of MAIL_FRAGMENTS) inputs.push({ kind: `repeated ${show(f)}`, at: (n) => fill(f, n) });
  for (const l of spread(literals.filter((x) => x.length > 1), 24)) inputs.push({ kind: `repeated literal ${show(l)}`, at: (n) => fill(l, n) });
  const keyPrefixes = spread(prefixes.filter((p) => p.length > 0), 20);
  for (const p of keyPrefixes) {
    inputs.push({ kind: `repeated prefix ${show(p)}`, at: (n) => fill(p, n) });
    inputs.push({ kind: `repeated prefix ${show(`${p} `)}`, at: (n) => fill(`${p} `, n) });
    for (const c of spread(runChars, 4)) inputs.push({ kind: `prefix ${show(p)} then a run of ${show(c)}`, at: (n) => `${p}${fill(c, Math.max(0, n - p.length - 1))}\0` });
  }
  if (literals.length > 1) {
    const soup = spread(literals, 64).join(' ');
    inputs.push({ kind: 'the literals in turn', at: (n) => fill(`${soup} `, n) });
  }
  // Different recipes often make the same string (a separator the class also holds): time it once.
  const seen = new Set<string>();
  return [...inputs, ...extra].filter((i) => {
    const sample = i.at(1024);
    if (seen.has(sample)) return false;
    seen.add(sample);
    return true;
  });
}

