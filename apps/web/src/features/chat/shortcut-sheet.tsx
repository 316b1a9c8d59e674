import { Fragment } from 'react';
import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { INBOX_EXTRA_MESSAGES as X } from '@sapa/contracts';
import { TEAM_SHORTCUTS } from './inbox-shortcuts-team';

/** One shortcut as the sheet lists it: its keys (alternatives separated) and what it does. */
export interface ShortcutLine {
  /** alternatives, each a list of keys pressed together: [['↓'], ['J']] */
  keys: readonly (readonly string[])[];
  label: string;
}

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The inbox's own shortcuts (issue 21, part 6), by where they work. */
export const INBOX_SHORTCUTS: { title: string; lines: ShortcutLine[] }[] = [
  {
    title: X.shortcutsInbox,
    lines: [
      { keys: [['↓'], ['J']], label: X.keyNext },
      { keys: [['↑'], ['K']], label: X.keyPrevious },
      { keys: [['Enter']], label: X.keyOpen },
      { keys: [[mod, 'K']], label: X.keySearch },
      { keys: [['?']], label: X.keyHelp },
    ],
  },
  {
    title: X.shortcutsRoom,
    lines: [
      { keys: [['Enter']], label: X.keySend },
      { keys: [['Shift', 'Enter']], label: X.keyNewline },
      { keys: [['Esc']], label: X.keyEscape },
    ],
  },
];

/** The team's shortcuts (resolve, take, note), from their own module. */
const TEAM_LINES: ShortcutLine[] = TEAM_SHORTCUTS.map((s) => ({ keys: [s.keys], label: s.label }));

function Keys({ keys }: { keys: ShortcutLine['keys'] }) {
  return (
    <>
      {keys.map((combo, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <Text span size="xs" c="dimmed" mx={4}>
              atau
            </Text>
          ) : null}
          {combo.map((key, j) => (
            <Fragment key={key}>
              {j > 0 ? ' + ' : null}
              <Kbd size="sm">{key}</Kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

function Section({ title, lines }: { title: string; lines: readonly ShortcutLine[] }) {
  return (
    <section aria-label={title}>
      <Title order={3} fz="sm" mb={4}>
        {title}
      </Title>
      <Table verticalSpacing={6} horizontalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="42%">Tombol</Table.Th>
            <Table.Th>Fungsi</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Td>
                <Keys keys={line.keys} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.label}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** The '?' sheet (issue 21): every inbox shortcut, the team's included. Escape closes it. */
export function ShortcutSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={X.shortcutsTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      data-testid="shortcut-sheet"
    >
      <Stack gap="md" data-testid="shortcut-sheet-body">
        {INBOX_SHORTCUTS.map((section) => (
          <Section key={section.title} title={section.title} lines={section.lines} />
        ))}
        <Section title={X.shortcutsTeam} lines={TEAM_LINES} />
      </Stack>
    </Modal>
  );
}
