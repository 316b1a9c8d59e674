import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REALTIME_TYPES } from '@sapa/contracts';

/**
 * ARCHITECTURE §1: channels and other modules call the chat module's kernel (modules/chat/kernel.ts)
 * and never write its tables or publish its events themselves. Each refusal names the file.
 */
const CHANNELS = import.meta.dirname;
const CHAT_TABLES = new Set(['chats', 'messages', 'chatSearch', 'chatLabels']);
/** The chat module's own tables (labels belong to the label module, which may write them). */
const CHAT_OWNED = new Set(['chats', 'messages', 'chatSearch']);
/**
 * A realtime chat event named in a source (`type: 'message.created'`): the chat module's to publish.
 * Other names that look alike (a webhook's `message.received`) are not realtime events.
 */
const CHAT_EVENT = new RegExp(
  `type:\\s*['"](${REALTIME_TYPES.filter((type) => /^(chat|message)\./.test(type))
    .map((type) => type.replace('.', '\\.'))
    .join('|')})['"]`,
);

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** What a source file breaks of the boundary, one line each. */
export function boundaryBreaches(file: string, source: string): string[] {
  const name = path.relative(CHANNELS, file);
  const breaches: string[] = [];
  const imports = source.matchAll(/import\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g);
  for (const [, typeOnly, names = '', from = ''] of imports) {
    const target = path.resolve(path.dirname(file), from);
    const relative = path.relative(path.resolve(CHANNELS, '..'), target).split(path.sep).join('/');
    // a type-only import of a table (a row's type) writes nothing
    if (relative === 'db/schema' && !typeOnly) {
      if (/^\*/.test(names.trim())) breaches.push(`${name} imports the whole schema`);
      for (const imported of names.replace(/[{}]/g, '').split(',')) {
        const table = imported
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (table && CHAT_TABLES.has(table)) breaches.push(`${name} imports the chat table '${table}'`);
      }
    }
    if (relative.startsWith('modules/chat/') && relative !== 'modules/chat/kernel') {
      breaches.push(`${name} imports ${relative} (call modules/chat/kernel instead)`);
    }
  }
  if (CHAT_EVENT.test(source) || /publishChatEvent\(/.test(source))
    breaches.push(`${name} publishes a chat event`);
  return breaches;
}

/** A module other than chat writing a chat table or publishing a chat event, one line each. */
export function chatWrites(file: string, source: string): string[] {
  const name = path.relative(path.resolve(CHANNELS, '..'), file).split(path.sep).join('/');
  const breaches: string[] = [];
  for (const [, verb, table] of source.matchAll(/\.(update|insert|delete)\(\s*(\w+)\s*\)/g)) {
    if (table && CHAT_OWNED.has(table)) breaches.push(`${name} writes '${table}' (${verb})`);
  }
  if (CHAT_EVENT.test(source) || /publishChatEvent\(/.test(source))
    breaches.push(`${name} publishes a chat event`);
  return breaches;
}

describe('channels and the chat module', () => {
  it('channels reach chats and messages only through modules/chat/kernel', () => {
    const files = sourcesOf(CHANNELS);
    expect(files.length).toBeGreaterThan(5);
    const breaches = files.flatMap((file) => boundaryBreaches(file, fs.readFileSync(file, 'utf8')));
    expect(breaches).toEqual([]);
  });

  it('other modules change chats only through the kernel: no writes to chat tables, no chat events', () => {
    const modules = path.resolve(CHANNELS, '../modules');
    const files = sourcesOf(modules).filter(
      (file) => !file.startsWith(path.join(modules, 'chat') + path.sep),
    );
    expect(files.length).toBeGreaterThan(20);
    const breaches = files.flatMap((file) => chatWrites(file, fs.readFileSync(file, 'utf8')));
    expect(breaches).toEqual([]);
  });

  it('names the module that writes a chat table itself', () => {
    const file = path.resolve(CHANNELS, '../modules/agent/service.ts');
    const source = [
      'await tx.update(chats).set({ agentId: null });',
      'await tx.delete(messages).where(eq(messages.chatId, id));',
      "ctx.bus.publish({ kind: 'tenant', ownerId, event: { type: 'chat.updated', chat, message: null } });",
    ].join('\n');
    expect(chatWrites(file, source)).toEqual([
      "modules/agent/service.ts writes 'chats' (update)",
      "modules/agent/service.ts writes 'messages' (delete)",
      'modules/agent/service.ts publishes a chat event',
    ]);
  });

  it('names the file that reaches past the kernel', () => {
    const file = path.join(CHANNELS, 'whatsapp-web', 'inbound.ts');
    expect(
      boundaryBreaches(
        file,
        [
          "import { chats, whatsappContacts } from '../../db/schema';",
          "import { publishChatEvent } from '../../modules/chat/publish';",
          "import { ingestInbound } from '../../modules/chat/kernel';",
          "import type { messages } from '../../db/schema';",
          "ctx.bus.publish({ kind: 'tenant', ownerId, event: { type: 'chat.deleted', chat, message: null } });",
        ].join('\n'),
      ),
    ).toEqual([
      "whatsapp-web/inbound.ts imports the chat table 'chats'",
      'whatsapp-web/inbound.ts imports modules/chat/publish (call modules/chat/kernel instead)',
      'whatsapp-web/inbound.ts publishes a chat event',
    ]);
  });
});
