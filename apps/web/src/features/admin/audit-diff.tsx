import { Code, Table, Text } from '@mantine/core';
import { auditDiff, formatAuditValue } from './audit-format';
import { AUDIT_TEXT as T } from './audit-strings';

function Value({ value }: { value: unknown }) {
  const { text, block } = formatAuditValue(value);
  if (block) {
    return (
      <Code block fz="xs" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre' }}>
        {text}
      </Code>
    );
  }
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
}

/** What one entry changed: a row per changed field with its value before and after. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditDiff(before, after);
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="audit-no-changes">
        {T.noChanges}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table layout="fixed" verticalSpacing={6} withTableBorder fz="sm" data-testid="audit-diff">
        <Table.Caption>{T.changes}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="28%">
              {T.colField}
            </Table.Th>
            <Table.Th scope="col">{T.colBefore}</Table.Th>
            <Table.Th scope="col">{T.colAfter}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key || '(value)'} data-testid="audit-diff-row" data-key={row.key}>
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                <Code fz="xs">{row.key || T.none}</Code>
              </Table.Th>
              <Table.Td bg="red.0" style={{ verticalAlign: 'top' }} data-testid="audit-before">
                <Value value={row.before} />
              </Table.Td>
              <Table.Td bg="green.0" style={{ verticalAlign: 'top' }} data-testid="audit-after">
                <Value value={row.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
