/**
 * Reading people (name and e-mail) out of an address book's export, in the browser: vCard files
 * (.vcf, as phones, Apple Contacts, Google and Outlook export them) with ical.js, and CSV exports
 * (Google, Outlook, spreadsheets) with Papa Parse. Both load only when a file is chosen.
 */
import { ZInviteEmail } from '../../../../server/contracts/exchanges';

export interface TFoundPerson {
  name: string;
  email: string;
}

export interface TContactsFileResult {
  people: TFoundPerson[];
  /** Cards or rows without a usable e-mail address (or that could not be read). */
  skipped: number;
}

/** The largest contacts file read (a few thousand contacts). */
export const CONTACTS_FILE_MAX_BYTES = 5 * 1024 * 1024;

function validEmail(value: string | null | undefined): string | null {
  if (!value) return null;
  const check = ZInviteEmail.safeParse(value.replace(/^mailto:/i, ''));
  return check.success ? check.data : null;
}

/** One person per address: the first name seen for it wins. */
function unique(people: TFoundPerson[]): TFoundPerson[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    if (seen.has(person.email)) return false;
    seen.add(person.email);
    return true;
  });
}

/**
 * vCard 2.1 writes bare parameters (`EMAIL;PREF;INTERNET:…`), which vCard 3 and 4 parsers refuse:
 * they become `TYPE=` parameters. Folded lines (starting with a space) are left alone.
 */
export function normalizeVCardParameters(card: string): string {
  return card
    .split(/\r?\n/)
    .map((line) => {
      if (/^[ \t]/.test(line)) return line;
      const colon = line.indexOf(':');
      if (colon < 0) return line;
      const [name = '', ...params] = line.slice(0, colon).split(';');
      if (params.length === 0) return line;
      const fixed = params.map((param) => (param.includes('=') ? param : `TYPE=${param}`));
      return `${[name, ...fixed].join(';')}${line.slice(colon)}`;
    })
    .join('\r\n');
}

function nameFromParts(parts: unknown): string {
  if (!Array.isArray(parts)) return typeof parts === 'string' ? parts.replace(/;/g, ' ').trim() : '';
  const [family = '', given = ''] = parts.map((part) => (Array.isArray(part) ? part.join(' ') : String(part ?? '')));
  return `${given} ${family}`.trim();
}

export async function readVCards(text: string): Promise<TContactsFileResult> {
  const { default: ICAL } = await import('ical.js');
  const cards = text.match(/BEGIN:VCARD[\s\S]*?END:VCARD/gi) ?? [];
  const people: TFoundPerson[] = [];
  let skipped = 0;
  for (const card of cards) {
    try {
      const component = new ICAL.Component(ICAL.parse(normalizeVCardParameters(card)) as unknown[]);
      const emails = component
        .getAllProperties('email')
        .map((property) => validEmail(String(property.getFirstValue() ?? '')))
        .filter((email): email is string => email !== null);
      const email = emails[0];
      if (!email) {
        skipped += 1;
        continue;
      }
      const formatted = component.getFirstPropertyValue('fn');
      const name =
        (typeof formatted === 'string' ? formatted.trim() : '') ||
        nameFromParts(component.getFirstPropertyValue('n')) ||
        email;
      people.push({ name, email });
    } catch {
      skipped += 1;
    }
  }
  const found = unique(people);
  return { people: found, skipped: skipped + (people.length - found.length) };
}

const NAME_COLUMNS = ['name', 'full name', 'display name', 'contact name'];
const FIRST_COLUMNS = ['first name', 'given name'];
const LAST_COLUMNS = ['last name', 'family name', 'surname'];

function column(headers: string[], names: string[]): string | undefined {
  return headers.find((header) => names.includes(header.trim().toLowerCase()));
}

export async function readCsv(text: string): Promise<TContactsFileResult> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const headers = parsed.meta.fields ?? [];
  const emailColumns = headers.filter((header) => /e-?mail/i.test(header) && !/type|label|display/i.test(header));
  const nameColumn = column(headers, NAME_COLUMNS);
  const firstColumn = column(headers, FIRST_COLUMNS);
  const lastColumn = column(headers, LAST_COLUMNS);
  const people: TFoundPerson[] = [];
  let skipped = 0;
  for (const row of parsed.data) {
    const cells = emailColumns.length > 0 ? emailColumns.map((header) => row[header]) : Object.values(row);
    const email = cells.map((cell) => validEmail(cell?.split(/\s*:::\s*/)[0])).find((value) => value !== null);
    if (!email) {
      skipped += 1;
      continue;
    }
    const name =
      (nameColumn ? row[nameColumn]?.trim() : '') ||
      [firstColumn ? row[firstColumn] : '', lastColumn ? row[lastColumn] : ''].join(' ').trim() ||
      email;
    people.push({ name, email });
  }
  const found = unique(people);
  return { people: found, skipped: skipped + (people.length - found.length) };
}

/** Reads a chosen file by its extension (or its first line when the name says nothing). */
export async function readContactsFile(file: File): Promise<TContactsFileResult> {
  if (file.size > CONTACTS_FILE_MAX_BYTES)
    throw new Error(`The file is too large: at most ${CONTACTS_FILE_MAX_BYTES / 1024 / 1024} MB`);
  const text = await file.text();
  const vcard = /\.(vcf|vcard)$/i.test(file.name) || /^\uFEFF?BEGIN:VCARD/i.test(text.trimStart());
  const result = vcard ? await readVCards(text) : await readCsv(text);
  if (result.people.length === 0 && result.skipped === 0)
    throw new Error('No contacts found: choose a .vcf or .csv export of your address book');
  return result;
}
