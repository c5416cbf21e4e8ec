// Fills a migrated database (PGlite or PostgreSQL) with N practices and ~N/3 client users, set-based.
//
//   node bench/practices-data.ts --size 100000 [--database-url postgres://…] [--data-dir DIR]
//
// Without --database-url or --data-dir the database is an in-memory PGlite (only useful to time it: its files
// live in memory, ~2 GB at 100 000 practices). `--quiet` hides the progress lines, `--json` prints the result
// as one JSON line.
// The demo accounts are seeded first (idempotent); the demo client gets ~20 of the generated practices.
// Everything is deterministic: the same size gives the same names, codes, owners and dates, on both engines.

import { type Answers, AnswersSchema } from "@argine/core/feedback/answers";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { type Db, openDb } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";

/** Generated users' addresses: a reserved TLD, so nothing is ever mailed to them. */
export const BENCH_EMAIL_DOMAIN = "bench.argine.invalid";

// biome-ignore format: a word list reads better in rows
const FIRST_NAMES = [
  "Giulia", "Sofia", "Aurora", "Alice", "Ginevra", "Emma", "Giorgia", "Beatrice", "Anna", "Vittoria",
  "Chiara", "Francesca", "Martina", "Sara", "Elena", "Valentina", "Alessia", "Federica", "Silvia", "Laura",
  "Paola", "Roberta", "Elisa", "Ilaria", "Serena", "Noemi", "Camilla", "Rebecca", "Arianna", "Marta",
  "Lucia", "Greta", "Bianca", "Nicole", "Gaia", "Irene", "Caterina", "Benedetta", "Veronica", "Daniela",
  "Leonardo", "Francesco", "Alessandro", "Lorenzo", "Mattia", "Andrea", "Gabriele", "Riccardo", "Tommaso", "Edoardo",
  "Marco", "Luca", "Giuseppe", "Giovanni", "Antonio", "Matteo", "Davide", "Simone", "Federico", "Stefano",
  "Paolo", "Roberto", "Nicola", "Pietro", "Salvatore", "Vincenzo", "Emanuele", "Daniele", "Niccolò", "Filippo",
];

// Roughly by frequency: the generator draws the first ones more often (see `surnameIndex`).
// biome-ignore format: a word list reads better in rows
const SURNAMES = [
  "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco",
  "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
  "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli", "Martini", "Leone",
  "Longo", "Gentile", "Martinelli", "Vitale", "Lombardo", "Serra", "Coppola", "De Santis", "D'Angelo", "Marchetti",
  "Parisi", "Villa", "Conte", "Ferraro", "Ferri", "Fabbri", "Bianco", "Marini", "Grasso", "Valentini",
  "Messina", "Sala", "De Angelis", "Gatti", "Pellegrini", "Palumbo", "Sanna", "Farina", "Rizzi", "Monti",
  "Cattaneo", "Morelli", "Amato", "Silvestri", "Mazza", "Testa", "Grassi", "Pellegrino", "Carbone", "Giuliani",
  "Benedetti", "Barone", "Rossetti", "Caputo", "Montanari", "Guerra", "Palmieri", "Bernardi", "Martino", "Fiore",
  "De Rosa", "Ferretti", "Bellini", "Basile", "Riva", "Donati", "Piras", "Vitali", "Battaglia", "Sartori",
  "Neri", "Costantini", "Milani", "Pagano", "Ruggiero", "Sorrentino", "D'Amico", "Orlando", "Negri", "Zanetti",
  "Brambilla", "Tedesco", "Bonetti", "Cirillo", "Ferrante", "Pace", "Zanella", "Cocco", "Melis", "Bertolini",
  "Pozzi", "Sacchi", "Toscano", "Giorgi", "Fumagalli", "Mazzoni", "Marras", "Bassi", "Fadda", "Mele",
];
/** Given to one generated user in RARE_EVERY: a surname a lawyer searches and few clients have. */
export const RARE_SURNAME = "Quattrociocchi";
const RARE_EVERY = 25_000;

const CRIME_TYPES = [
  // [crime type, cumulative share]
  ["DEFAMATION", 0.3],
  ["CYBERBULLYING", 0.48],
  ["STALKING", 0.63],
  ["EXTORTION", 0.76],
  ["REVENGEPORN", 0.88],
  ["CYBER_STALKING", 1],
] as const;
const STATUSES = [
  ["PENDING", 0.2],
  ["OPEN", 0.55],
  ["CLOSED", 0.9],
  ["TO_PAID", 1],
] as const;
const EVALUATIONS = [
  ["VALID", 0.45],
  ["WITHRESERVE", 0.7],
  ["NOTVALID", 0.9],
  ["EXPIRED", 1],
] as const;
const PLATFORMS = ["Instagram", "Facebook", "TikTok", "WhatsApp", "Telegram", "X", "YouTube", "Snapchat"];

const DESCRIPTION =
  "Da alcune settimane ricevo messaggi e commenti offensivi da un profilo che credo appartenga a una persona che conosco. " +
  "Ho fatto degli screenshot e ho segnalato il profilo alla piattaforma, ma i contenuti sono ancora visibili e " +
  "diverse persone li hanno condivisi. Non so se posso fare qualcosa e ho paura che la situazione peggiori.";

/** One typical questionnaire per crime type: what the practice stores as its answers (and its feedback). */
const TEMPLATE_ANSWERS: Record<string, Partial<Answers>> = {
  DEFAMATION: {
    channel: "SOCIAL_PUBLIC",
    audience: "MANY",
    victimIdentifiable: true,
    harmsReputation: true,
    victimPresent: false,
    truthAndPublicInterest: false,
    authorKnown: true,
  },
  CYBERBULLYING: { victimIsMinor: true, victimAge14Plus: true, channel: "MESSAGING_GROUP", repeated: true },
  STALKING: { repeated: true, effects: ["ANXIETY_FEAR"], authorKnown: true, channel: "PRIVATE_MESSAGE" },
  EXTORTION: {
    demand: true,
    victimComplied: false,
    sexuallyExplicit: true,
    meantPrivate: true,
    sharingOnlyThreatened: true,
    authorKnown: false,
    channel: "PRIVATE_MESSAGE",
  },
  REVENGEPORN: {
    sexuallyExplicit: true,
    meantPrivate: true,
    consentToShare: false,
    authorMadeOrTook: true,
    channel: "SOCIAL_PUBLIC",
    authorKnown: true,
  },
  CYBER_STALKING: {
    repeated: true,
    effects: ["FEAR_FOR_SAFETY"],
    authorKnown: false,
    channel: "SOCIAL_PRIVATE",
  },
};

export interface GenerateOptions {
  /** Number of practices. */
  size: number;
  /** Dates are spread over the three years before this. */
  now?: Date;
  /** Also give ~20 practices to this (seeded) account, if it exists. */
  demoClientEmail?: string;
  /** Rows per INSERT … SELECT. */
  batch?: number;
  onProgress?(message: string): void;
}

export interface GenerateResult {
  practices: number;
  users: number;
  demoClientPractices: number;
  /** Milliseconds, per phase and in total. */
  ms: { users: number; practices: number; indexes: number; analyze: number; total: number };
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A deterministic uniform number in [0, 1) from a row number and a salt (PostgreSQL's own integer hash). */
const u = (row: string, salt: number) =>
  `((hashint8extended(${row}, ${salt}) & 2147483647)::float8 / 2147483648)`;
/** A CASE choosing a value by cumulative share, from a uniform draw. */
const pick = (draw: string, table: readonly (readonly [string, number])[]) =>
  `case ${table.map(([value, upTo]) => `when ${draw} < ${upTo} then ${lit(value)}`).join(" ")} end`;
const arrayOf = (values: string[]) => `string_to_array(${lit(values.join("|"))}, '|')`;
/** The user row number → its id: no lookup needed when practices pick their owner. */
const userId = (j: string) => `md5('argine-bench-user-' || ${j})::uuid`;

// Ticket codes as the app makes them ("AR-" and 8 characters of its alphabet, 40 bits), but from the row
// number through a bijection of [0, 2^40) (odd multipliers and xor-shifts), so they are unique and look random.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const MASK40 = "1099511627775";
const ticketBits = (i: string) => {
  const a = `((${i}::bigint * 42545258391) & ${MASK40})`;
  const b = `(${a} # (${a} >> 17))`;
  const c = `((${b} * 6017513) & ${MASK40})`;
  return `(${c} # (${c} >> 19))`;
};
const ticketCode = (bits: string) =>
  `'AR-' || ${[7, 6, 5, 4, 3, 2, 1, 0]
    .map((k) => `substr(${lit(ALPHABET)}, ((${bits} >> ${5 * k}) & 31)::int + 1, 1)`)
    .join(" || ")}`;

async function rows<T>(db: Pick<Db, "execute">, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Generates into a migrated database; refuses one that already holds generated data. */
export async function generatePractices(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const size = options.size;
  if (!Number.isInteger(size) || size < 1 || size > 8_000_000) throw new Error(`bad size ${size}`);
  const now = options.now ?? new Date();
  const batch = options.batch ?? 100_000;
  const log = options.onProgress ?? (() => {});
  const userCount = Math.ceil(size / 3);
  const started = performance.now();
  const nowLit = `${lit(now.toISOString())}::timestamptz`;

  const [existing] = await rows<{ n: number }>(
    db,
    `select count(*)::int as n from users where email like ${lit(`%@${BENCH_EMAIL_DOMAIN}`)}`,
  );
  if (existing?.n) throw new Error("this database already holds generated practices: use a fresh one");
  const demoClient = options.demoClientEmail
    ? (
        await rows<{ id: string }>(db, `select id from users where email = ${lit(options.demoClientEmail)}`)
      )[0]
    : undefined;

  // Answers and feedback as the questionnaire stores them, one template per crime type.
  const asOf = now.toISOString().slice(0, 10);
  const templates = CRIME_TYPES.flatMap(([crimeType]) => {
    const answers = AnswersSchema.parse({
      category: crimeType,
      firstEventDate: "2026-01-10",
      lastEventDate: "2026-02-20",
      description: DESCRIPTION,
      ...TEMPLATE_ANSWERS[crimeType],
    });
    const feedback = evaluateFeedback(answers, asOf < "2026-03-01" ? "2026-03-01" : asOf);
    // The practice's evaluation is drawn on its own; its stored feedback says the same.
    return EVALUATIONS.map(
      ([evaluation]) =>
        `(${lit(crimeType)}, ${lit(evaluation)}, ${lit(JSON.stringify(answers))}::jsonb, ` +
        `${lit(JSON.stringify({ ...feedback, evaluation }))}::jsonb)`,
    );
  });

  const timings = { users: 0, practices: 0, indexes: 0, analyze: 0, total: 0 };
  let demoClientPractices = 0;
  await db.transaction(async (tx) => {
    // Bulk load: secondary indexes are dropped and built again at the end (much faster than maintaining
    // them row by row, above all the trigram GIN indexes); the primary keys and constraints stay.
    const indexes = await rows<{ name: string; def: string }>(
      tx,
      `select indexname as name, indexdef as def from pg_indexes
       where schemaname = 'public' and tablename in ('practices', 'users')
         and indexname not in (select conname from pg_constraint)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
    // The lists' version (migration 0031) is changed once at the end instead of queued for every row
    // inserted: a table with events pending at the commit cannot have its indexes built again.
    await tx.execute(sql.raw("alter table practices disable trigger practices_lists_changed"));

    let t = performance.now();
    const surnameIndex = (j: string) =>
      // Skewed towards the start of the list (a few very common surnames, a long flat tail).
      `(1 + floor(${SURNAMES.length} * power(${u(j, 12)}, 1.6)))::int`;
    for (let from = 1; from <= userCount; from += batch) {
      const to = Math.min(userCount, from + batch - 1);
      await tx.execute(
        sql.raw(`
        insert into users (id, email, name, lastname, privacy_consent, marketing_consent, email_verified_at,
                           cell_phone, created_at, updated_at)
        select ${userId("j")}, lower(translate(first, 'àèéìòù'' ', 'aeeiou')) || '.' ||
                 lower(translate(last, 'àèéìòù'' ', 'aeeiou')) || '.' || j || ${lit(`@${BENCH_EMAIL_DOMAIN}`)},
               first, last, true, ${u("j", 13)} < 0.3, created,
               case when ${u("j", 14)} < 0.6 then '+39 3' || lpad((j % 1000000000)::text, 9, '0') end,
               created, created
        from (
          select j, ${nowLit} - interval '3 years' * ${u("j", 15)} as created,
                 (${arrayOf(FIRST_NAMES)})[(1 + floor(${FIRST_NAMES.length} * ${u("j", 11)}))::int] as first,
                 case when j % ${RARE_EVERY} = 1 then ${lit(RARE_SURNAME)}
                      else (${arrayOf(SURNAMES)})[${surnameIndex("j")}] end as last
          from generate_series(${from}, ${to}) as j
        ) g`),
      );
      log(`users ${to}/${userCount}`);
    }
    timings.users = performance.now() - t;

    t = performance.now();
    // The demo client gets one practice in `demoEvery` (about 20), never anonymous.
    const demoEvery = Math.max(1, Math.floor(size / 20));
    const demoOwner = demoClient ? `when i % ${demoEvery} = 0 then ${lit(demoClient.id)}::uuid` : "";
    for (let from = 1; from <= size; from += batch) {
      const to = Math.min(size, from + batch - 1);
      const q = `
        with template(crime_type, evaluation, answers, feedback) as (values ${templates.join(", ")}),
        g as materialized (
          select i, ${ticketBits("i")} as bits,
                 ${nowLit} - interval '3 years' * ${u("i", 1)} as created,
                 case ${demoOwner}
                      -- ~12% are questionnaires nobody has claimed yet
                      when ${u("i", 2)} < 0.12 then null
                      else ${userId(`(1 + floor(${userCount} * ${u("i", 3)}))::int`)} end as owner,
                 ${pick(u("i", 4), STATUSES)} as status,
                 ${pick(u("i", 5), EVALUATIONS)} as evaluation,
                 ${pick(u("i", 6), CRIME_TYPES)} as crime_type,
                 (${arrayOf(PLATFORMS)})[(1 + floor(${PLATFORMS.length} * ${u("i", 7)}))::int] as platform,
                 ${u("i", 8)} as r8, ${u("i", 9)} as r9, ${u("i", 10)} as r10
          from generate_series(${from}, ${to}) as i
        )
        insert into practices (ticket_code, owner_id, status, evaluation, crime_type, expiry_date, platform,
                               crime_url, tags, shitstorm, psychological_support, anonymous, answers, feedback,
                               advice_price_cents, created_at, updated_at)
        select ${ticketCode("bits")}, owner,
               -- an unclaimed questionnaire is still PENDING
               case when owner is null then 'PENDING' else status end,
               g.evaluation, g.crime_type,
               case g.evaluation when 'EXPIRED' then created - interval '10 days'
                               when 'NOTVALID' then null
                               else created + interval '1 day' * (90 + floor(r8 * 275)) end,
               platform,
               case when platform in ('WhatsApp', 'Telegram') then null
                    else 'https://www.' || lower(platform) || '.com/' || substr(md5(i::text), 1, 12) end,
               case when r9 < 0.3 then array['messaggi ripetuti', 'profilo falso'] else '{}' end,
               case when r9 < 0.1 then 'YES' when r9 < 0.6 then 'NOT' else 'UNKNOWN' end,
               case when r8 < 0.2 then 'NEEDED' when r8 < 0.7 then 'NOT' else 'UNKNOWN' end,
               -- ~10% anonymous; the demo client's never are
               ${demoClient ? `owner is distinct from ${lit(demoClient.id)}::uuid and ` : ""}r10 < 0.1,
               template.answers,
               template.feedback,
               case when owner is not null and status = 'TO_PAID' then 7900 end,
               created, created + interval '1 hour' * floor(r8 * 200)
        from g join template using (crime_type, evaluation)`;
      await tx.execute(sql.raw(q));
      log(`practices ${to}/${size}`);
    }
    timings.practices = performance.now() - t;
    if (demoClient) {
      const [n] = await rows<{ n: number }>(
        tx,
        `select count(*)::int as n from practices where owner_id = ${lit(demoClient.id)}::uuid`,
      );
      demoClientPractices = n?.n ?? 0;
    }

    t = performance.now();
    await tx.execute(sql.raw("set local maintenance_work_mem = '256MB'"));
    for (const index of indexes) {
      await tx.execute(sql.raw(index.def));
      log(`index ${index.name}`);
    }
    timings.indexes = performance.now() - t;
    await tx.execute(sql.raw("alter table practices enable trigger practices_lists_changed"));
    await tx.execute(sql.raw("update practice_lists_version set version = gen_random_uuid()"));
  });

  // What autovacuum would have done by now on PostgreSQL (statistics, visibility map); PGlite has no
  // autovacuum, so we do it on both to compare like with like. Outside the transaction: VACUUM needs that.
  const t = performance.now();
  await db.execute(sql.raw("vacuum (analyze) practices, users"));
  timings.analyze = performance.now() - t;
  timings.total = performance.now() - started;
  return { practices: size, users: userCount, demoClientPractices, ms: timings };
}

export function describeGeneration(kind: string, r: GenerateResult): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
  return (
    `generated ${r.practices.toLocaleString("en")} practices, ${r.users.toLocaleString("en")} users on ${kind} ` +
    `in ${s(r.ms.total)} (users ${s(r.ms.users)}, practices ${s(r.ms.practices)}, indexes ${s(r.ms.indexes)}, ` +
    `vacuum/analyze ${s(r.ms.analyze)}); the demo client owns ${r.demoClientPractices}`
  );
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const size = Number(arg("size") ?? 100_000);
  const databaseUrl = arg("database-url");
  const dataDir = arg("data-dir");
  const json = process.argv.includes("--json");
  const quiet = process.argv.includes("--quiet");
  const handle = await openDb(databaseUrl ? { databaseUrl, timeouts: false } : { dataDir: dataDir ?? null });
  try {
    await seedDemo(handle.db, { hashPassword: (p) => hash(p) });
    const result = await generatePractices(handle.db, {
      size,
      demoClientEmail: "cliente@demo.argine.it",
      ...(quiet ? {} : { onProgress: (m: string) => process.stderr.write(`  ${m}\n`) }),
    });
    // `--json`: one line for bench/practices.ts; otherwise a sentence.
    console.info(json ? JSON.stringify(result) : describeGeneration(handle.kind, result));
  } finally {
    await handle.close();
  }
}
