import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { chats, messages } from '../db/schema';
import type { AccountRow } from '../channels/connector';

interface Line {
  fromMe: boolean;
  text: string;
  minutesAgo: number;
}

const CONVERSATIONS: { name: string; phone: string; lines: Line[] }[] = [
  {
    name: 'Budi Santoso',
    phone: '6281311110001',
    lines: [
      { fromMe: false, text: 'Halo kak, kemeja batik ukuran L masih ada?', minutesAgo: 190 },
      { fromMe: true, text: 'Halo Kak Budi, masih ada. Mau warna biru atau cokelat?', minutesAgo: 185 },
      { fromMe: false, text: 'Yang cokelat ya kak. Bisa kirim ke Bandung hari ini?', minutesAgo: 12 },
    ],
  },
  {
    name: 'Siti Rahmawati',
    phone: '6281311110002',
    lines: [
      { fromMe: false, text: 'Pesanan saya nomor 1043 sudah dikirim belum ya?', minutesAgo: 60 * 26 },
      {
        fromMe: true,
        text: 'Sudah kak, resinya JNE 0123456789. Estimasi sampai besok.',
        minutesAgo: 60 * 25,
      },
      { fromMe: false, text: 'Terima kasih banyak 🙏', minutesAgo: 60 * 25 - 5 },
      { fromMe: true, text: 'Sama-sama Kak Siti, ditunggu order berikutnya!', minutesAgo: 60 * 25 - 3 },
    ],
  },
  {
    name: 'Andi Wijaya',
    phone: '6281311110003',
    lines: [{ fromMe: false, text: 'Apakah toko buka hari Minggu?', minutesAgo: 3 }],
  },
];

/** A few conversations with history in the demo owner's sandbox account, so the inbox is not empty. */
export async function seedDemoConversations(tx: Tx, account: AccountRow, now: Date): Promise<void> {
  for (const conversation of CONVERSATIONS) {
    const at = (line: Line) => new Date(now.getTime() - line.minutesAgo * 60_000);
    const last = conversation.lines[conversation.lines.length - 1]!;
    const lastFromThem = [...conversation.lines].reverse().find((l) => !l.fromMe);
    const unread = conversation.lines.length - 1 - conversation.lines.map((l) => l.fromMe).lastIndexOf(true);
    const [chat] = await tx
      .insert(chats)
      .values({
        ownerId: account.ownerId,
        accountId: account.id,
        externalId: conversation.phone,
        contactName: conversation.name,
        contactPhone: conversation.phone,
        lastMessageAt: at(last),
        lastMessageText: last.text,
        lastMessageIsFromMe: last.fromMe,
        lastMessageStatus: last.fromMe ? 'read' : 'unread',
        fromSenderAt: lastFromThem ? at(lastFromThem) : null,
        unreadCount: last.fromMe ? 0 : unread,
        createdAt: at(conversation.lines[0]!),
      })
      .returning();
    if (!chat) continue;
    const rows = conversation.lines.map((line, i) => ({
      ownerId: account.ownerId,
      chatId: chat.id,
      accountId: account.id,
      externalId: `demo_${chat.id}_${i}`,
      type: 'text',
      text: line.text,
      isFromMe: line.fromMe,
      status: line.fromMe ? 'read' : i < conversation.lines.length - unread ? 'read' : 'unread',
      senderName: line.fromMe ? null : conversation.name,
      createdAt: at(line),
      updatedAt: at(line),
    }));
    const inserted = await tx.insert(messages).values(rows).returning({ id: messages.id });
    await tx
      .update(chats)
      .set({ lastMessageId: inserted[inserted.length - 1]?.id ?? null })
      .where(eq(chats.id, chat.id));
  }
}
