import { describe, expect, it } from 'vitest';
import type { Teammate } from '@sapa/contracts';
import { insertMention, keptMentions, matchTeammates, mentionQuery } from './mentions';

const team: Teammate[] = [
  { _id: 'u1', name: 'Rina Owner', role: 'owner', available: true },
  { _id: 'a1', name: 'Budi Santoso', role: 'agent', available: true },
  { _id: 'a2', name: 'Sinta', role: 'agent', available: false },
];

describe('@mentions in a note', () => {
  it('finds the @word before the caret, not an e-mail address or a finished line', () => {
    expect(mentionQuery('tolong @bu', 10)).toEqual({ start: 7, query: 'bu' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('kirim ke budi@toko.id', 21)).toBeNull();
    expect(mentionQuery('@budi\nlanjut', 12)).toBeNull();
    expect(mentionQuery('tanpa sebutan', 5)).toBeNull();
  });

  it('matches a word of the name from its start', () => {
    expect(matchTeammates(team, 'san').map((t) => t._id)).toEqual(['a1']);
    expect(matchTeammates(team, 'R').map((t) => t._id)).toEqual(['u1']);
    expect(matchTeammates(team, '').map((t) => t._id)).toEqual(['u1', 'a1', 'a2']);
    expect(matchTeammates(team, 'x')).toEqual([]);
  });

  it('inserts @Name and keeps only the mentions still written', () => {
    const at = mentionQuery('cek ini @bu ya', 11)!;
    const done = insertMention('cek ini @bu ya', at, 'Budi Santoso');
    expect(done).toEqual({ text: 'cek ini @Budi Santoso  ya', caret: 22 });
    expect(keptMentions(done.text, [team[1]!, team[2]!])).toEqual(['a1']);
  });
});
