import { z } from 'zod';
import { LIMITS } from '../limits';
import { normalizePhone } from '../phone';
import { CONTACT_MESSAGES as M } from '../catalogue/contact';
import { interpolate } from '../catalogue/messages';
import { pageQuery, paged } from './common';

/** spec §7 'Groups and contacts' and issue 6: the limits of groups, columns and imports. */
export const CONTACT_LIMITS = {
  groupNameMax: 100,
  contactNameMax: 100,
  columnNameMax: 50,
  columnsPerGroup: 30,
  valueMax: 500,
  /** contacts in one POST group/{id}/contact */
  contactsPerRequest: 1000,
  /** ids in one DELETE group/{id}/contact */
  contactIdsPerRequest: 1000,
  /** rows (after the header) in one import */
  importRowsMax: 500_000,
  /** rows shown in the import's mapping step */
  importPreviewRows: 5,
  /** the group and contact tables page by 20; the start-chat picker asks for 50 */
  pageSize: LIMITS.chatPageSize,
} as const;

/** The column names the fixed fields already use (any case). */
export const RESERVED_COLUMN_NAMES = ['nama', 'nomor telepon', 'name', 'phonenumber', 'phone number'];

const groupName = z
  .string({ error: M.groupNameInvalid })
  .trim()
  .min(1, M.groupNameInvalid)
  .max(CONTACT_LIMITS.groupNameMax, interpolate(M.groupNameTooLong, { max: CONTACT_LIMITS.groupNameMax }));

export const columnName = z
  .string({ error: M.columnNameInvalid })
  .trim()
  .min(1, M.columnNameInvalid)
  .max(CONTACT_LIMITS.columnNameMax, interpolate(M.columnNameTooLong, { max: CONTACT_LIMITS.columnNameMax }))
  .refine((v) => !RESERVED_COLUMN_NAMES.includes(v.toLowerCase()), M.columnNameReserved);

/** spec §3 'Group': a contact group with its custom columns (in their order) and how many contacts it has. */
export const contactGroup = z.object({
  _id: z.string(),
  name: z.string(),
  columns: z.array(z.string()),
  total: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactGroup = z.infer<typeof contactGroup>;
export const contactGroupPage = paged(contactGroup);

/** spec §3 'Group contact': a contact, its group and its values keyed by column name. */
export const groupContact = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  groupId: z.string(),
  group: z.object({ _id: z.string(), name: z.string() }),
  values: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupContact = z.infer<typeof groupContact>;
export const groupContactPage = paged(groupContact);

/** GET group, GET group/contact, GET group/{id}/contact: page, limit (20), search. */
export const contactListQuery = pageQuery;
export type ContactListQuery = z.input<typeof contactListQuery>;

/** POST group and PUT group/{id}. */
export const groupBody = z.object({ name: groupName });
export type GroupBody = z.input<typeof groupBody>;

const contactName = z
  .string({ error: M.contactNameInvalid })
  .trim()
  .min(1, M.contactNameInvalid)
  .max(
    CONTACT_LIMITS.contactNameMax,
    interpolate(M.contactNameTooLong, { max: CONTACT_LIMITS.contactNameMax }),
  );

/** A phone number as typed (spaces, '+', a leading 0) normalised to digits with the country code. */
export const contactPhone = z.string({ error: M.phoneInvalid }).transform((v, ctx) => {
  const phone = normalizePhone(v);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
    return z.NEVER;
  }
  return phone;
});

/** Column values by column name; blank values are dropped (the column stays empty). */
export const contactValues = z
  .record(
    z.string(),
    z
      .union([z.string(), z.number(), z.null()])
      .transform((v) => (v === null ? '' : String(v).trim()))
      .pipe(
        z
          .string()
          .max(CONTACT_LIMITS.valueMax, interpolate(M.valueTooLong, { max: CONTACT_LIMITS.valueMax })),
      ),
  )
  .default({})
  .transform((values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));

/** One contact to add or the new state of one contact (PUT group/{id}/contact). */
export const groupContactInput = z.object({
  name: contactName,
  phoneNumber: contactPhone,
  values: contactValues,
});
export type GroupContactBody = z.input<typeof groupContactInput>;
export type GroupContactInput = z.output<typeof groupContactInput>;

/** POST group/{id}/contact {contacts}: up to 1000; a number already in the group updates that contact. */
export const addContactsBody = z.object({
  contacts: z
    .array(groupContactInput, { error: M.contactsRequired })
    .min(1, M.contactsRequired)
    .max(
      CONTACT_LIMITS.contactsPerRequest,
      interpolate(M.contactsTooMany, { max: CONTACT_LIMITS.contactsPerRequest }),
    ),
});
export type AddContactsBody = z.input<typeof addContactsBody>;
export const addContactsResult = z.object({
  message: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int(),
  docs: z.array(groupContact),
});
export type AddContactsResult = z.infer<typeof addContactsResult>;

/** PUT group/{contactId}/contact {name, phoneNumber, values}: values replace the contact's values. */
export const updateContactBody = groupContactInput;

/** Ids as repeated keys, `key[]`, or one comma-separated value. */
function idList(key: string, max: number, requiredMessage: string) {
  return z.preprocess(
    (value) => {
      if (!value || typeof value !== 'object') return value;
      const query = value as Record<string, unknown>;
      return query[key] === undefined && query[`${key}[]`] !== undefined
        ? { ...query, [key]: query[`${key}[]`] }
        : query;
    },
    z.object({
      [key]: z
        .union([z.string(), z.array(z.string())], { error: requiredMessage })
        .transform((v) => [
          ...new Set(
            (Array.isArray(v) ? v : [v])
              .flatMap((s) => s.split(','))
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ])
        .pipe(z.array(z.string()).min(1, requiredMessage).max(max, interpolate(M.contactsTooMany, { max }))),
    }),
  );
}

/** DELETE group/{id}/contact?contactIds=a,b */
export const deleteContactsQuery = idList(
  'contactIds',
  CONTACT_LIMITS.contactIdsPerRequest,
  M.contactIdsRequired,
) as unknown as z.ZodType<{ contactIds: string[] }>;

/** POST group/{id}/column {name} */
export const columnBody = z.object({ name: columnName });
/** PUT group/{id}/column {oldName, newName} */
export const renameColumnBody = z.object({
  oldName: z.string({ error: M.columnNotFound }).trim().min(1, M.columnNotFound),
  newName: columnName,
});
/** DELETE group/{id}/column?name= */
export const deleteColumnQuery = z.object({
  name: z.string({ error: M.columnNotFound }).trim().min(1, M.columnNotFound),
});

// ---- Import (POST group/excel/contact and the steps after it) ----

export const IMPORT_STATES = ['ready', 'queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * Where one column of the file goes: the contact's name or number, a column of the group (an
 * existing one, or a new one created when the import starts), or nowhere.
 */
export const importTarget = z.discriminatedUnion('target', [
  z.object({ target: z.literal('name') }),
  z.object({ target: z.literal('phoneNumber') }),
  z.object({ target: z.literal('column'), column: columnName }),
  z.object({ target: z.literal('ignore') }),
]);
export type ImportTarget = z.infer<typeof importTarget>;

/**
 * POST group/excel/contact/{id}/start: one target per file column (in the header's order) and the group
 * to import into - an existing one by id, or a new one by name.
 */
export const startImportBody = z
  .object({
    groupId: z.string().trim().min(1).optional(),
    groupName: groupName.optional(),
    mapping: z.array(importTarget, { error: M.importMappingLength }),
  })
  .superRefine((body, ctx) => {
    if (!body.groupId && !body.groupName)
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: M.importGroupRequired });
    const targets = body.mapping.map((m) =>
      m.target === 'column' ? `column:${m.column.toLowerCase()}` : m.target,
    );
    if (!targets.includes('phoneNumber'))
      ctx.addIssue({ code: 'custom', path: ['mapping'], message: M.importNeedsPhone });
    else if (!targets.includes('name'))
      ctx.addIssue({ code: 'custom', path: ['mapping'], message: M.importNeedsName });
    const used = targets.filter((t) => t !== 'ignore');
    if (new Set(used).size !== used.length)
      ctx.addIssue({ code: 'custom', path: ['mapping'], message: M.importDuplicateTarget });
  });
export type StartImportBody = z.input<typeof startImportBody>;

/** An import: the file's header and first rows (for mapping), then its progress and summary. */
export const contactImport = z.object({
  _id: z.string(),
  state: z.enum(IMPORT_STATES),
  fileName: z.string(),
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  /** data rows in the file (the header not counted) */
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  group: z.object({ _id: z.string(), name: z.string() }).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImport>;

/** Percent done, 0-100, for the progress bar. */
export function importPercent(i: Pick<ContactImport, 'state' | 'totalRows' | 'processedRows'>): number {
  if (i.state === 'done') return 100;
  if (i.totalRows <= 0) return 0;
  return Math.min(100, Math.floor((i.processedRows / i.totalRows) * 100));
}

// ---- Conversation contacts (/user/contact/chat) ----

/** Someone who has written to one of the tenant's accounts: one per conversation. */
export const chatContact = z.object({
  chatId: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  account: z.object({
    _id: z.string(),
    type: z.enum(['whatsapp', 'instagram', 'messenger']),
    name: z.string(),
  }),
  labels: z.array(z.object({ _id: z.string(), name: z.string(), color: z.string() })),
  lastMessageAt: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContact>;
export const chatContactPage = paged(chatContact);

/** POST /group/{id}/contact: what was added and updated, with the sentence to show. */
export const addContactsResponse = addContactsResult.extend({ message: z.string() });

/** DELETE /group/{id}/contact: how many contacts left the group. */
export const deleteContactsResponse = z.object({ message: z.string(), deleted: z.number().int() });

/** GET /group/excel/contact: the latest imports, newest first. */
export const contactImportList = z.object({ docs: z.array(contactImport) });

/** The path of one contact of a group. */
export const groupContactParams = z.object({ id: z.string(), contactId: z.string() });
