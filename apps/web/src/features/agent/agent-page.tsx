import { useMemo, useState } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Agent } from '@sapa/contracts';
import { PageHeader } from '../../components/page-header';
import { AgentDeleteDialog } from './agent-delete-dialog';
import { AgentFormModal } from './agent-form-modal';
import { AgentList, type AgentActions } from './agent-list';
import { EMPTY_AGENT_FILTER, useAgentPages, type AgentFilter } from '../../resources/agent/agent-queries';
import { AGENT_TEXT } from './agent-strings';
import { AgentToolbar } from './agent-toolbar';
import { AgentVerifyModal } from './agent-verify-modal';
import './agents.css';

/** A modal's state; the agent stays while it closes, so its content does not change mid-transition. */
interface ModalState {
  opened: boolean;
  agent: Agent | null;
}
const CLOSED: ModalState = { opened: false, agent: null };

/**
 * /user/agent (owners only; the route guard turns agents away): the owner's agents with search,
 * the verified filter and 'Lebih Banyak'; add, verify, edit and delete in modals.
 */
export function AgentPage() {
  const [filter, setFilter] = useState<AgentFilter>(EMPTY_AGENT_FILTER);
  const pages = useAgentPages(filter);
  const agents = useMemo(() => pages.data?.pages.flatMap((p) => p.docs), [pages.data]);
  const [form, setForm] = useState<ModalState>(CLOSED);
  const [verifying, setVerifying] = useState<ModalState & { codeJustSent: boolean }>({
    ...CLOSED,
    codeJustSent: false,
  });
  const [deleting, setDeleting] = useState<Agent | null>(null);

  const openAdd = () => setForm({ opened: true, agent: null });
  const actions: AgentActions = {
    onVerify: (agent) => setVerifying({ opened: true, agent, codeJustSent: false }),
    onEdit: (agent) => setForm({ opened: true, agent }),
    onDelete: setDeleting,
  };

  return (
    <>
      <PageHeader
        title={AGENT_TEXT.heading}
        description={AGENT_TEXT.description}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd} data-testid="agent-add">
            {AGENT_TEXT.add}
          </Button>
        }
      />
      <Paper withBorder radius="md" className="sapa-agent-panel">
        <AgentToolbar filter={filter} onChange={setFilter} />
        <AgentList
          agents={agents}
          loading={pages.isPending}
          failed={pages.isError}
          filtered={!!filter.search || !!filter.isVerified}
          hasNextPage={pages.hasNextPage}
          loadingMore={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
          onRetry={() => void pages.refetch()}
          onAdd={openAdd}
          actions={actions}
        />
      </Paper>
      <AgentFormModal
        opened={form.opened}
        agent={form.agent}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
        onSaved={(agent, codeSent) => {
          setForm((f) => ({ ...f, opened: false }));
          // the code went to the agent's email: ask for it straight away
          if (codeSent) setVerifying({ opened: true, agent, codeJustSent: true });
        }}
      />
      <AgentVerifyModal
        opened={verifying.opened}
        agent={verifying.agent}
        codeJustSent={verifying.codeJustSent}
        onClose={() => setVerifying((v) => ({ ...v, opened: false }))}
      />
      <AgentDeleteDialog agent={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
