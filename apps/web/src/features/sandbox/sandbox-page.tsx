import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { canUseSandbox, sandboxLinkKey, setSandboxLinkKey } from './sandbox-api';
import { SandboxChat } from './sandbox-chat';
import { checkCustomer, SandboxSetup } from './sandbox-setup';
import { useSandboxAccounts } from './use-sandbox-accounts';
import type { SandboxCustomer } from './use-sandbox-conversation';
import './sandbox.css';

const DEFAULT_NAME = 'Budi Pelanggan';
const DEFAULT_PHONE = '6281234567890';

/**
 * /sandbox, the customer simulator: write to a sandbox number as a customer and watch the business's
 * replies arrive with their ticks. For the signed-in owner, or whoever opens an account's secret link
 * (?key=). ?accountId=&phoneNumber=&name= prefill the form; with an account and a phone the
 * conversation opens at once.
 */
export function SandboxPage() {
  const [params] = useSearchParams();
  // before the hooks below make their first calls
  setSandboxLinkKey(params.get('key'));
  if (!canUseSandbox()) return <SandboxSignIn />;
  return <Simulator params={params} />;
}

/** Neither signed in nor opened from a link: the simulator is the owner's, so say how to get in. */
function SandboxSignIn() {
  return (
    <Box component="main" className="sapa-sandbox-bg" mih="100dvh">
      <Container size={520} py="xl">
        <Paper withBorder radius="lg" p="xl">
          <Stack gap="md" align="flex-start">
            <BrandLogo size={32} withText={false} />
            <Title order={1} fz="h3">
              Simulator Pelanggan
            </Title>
            <Text size="sm">
              Simulator hanya dapat dipakai oleh pemilik akun. Masuk terlebih dahulu, atau buka tautan
              simulator yang dibagikan pemilik dari kotak masuk.
            </Text>
            <Button component={Link} to="/login">
              Masuk
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

function Simulator({ params }: { params: URLSearchParams }) {
  const { accounts, error, addChannel, setRestricted } = useSandboxAccounts();
  const initial = useMemo<SandboxCustomer>(
    () => ({
      accountId: params.get('accountId') ?? '',
      name: params.get('name') ?? DEFAULT_NAME,
      phoneNumber: params.get('phoneNumber') ?? DEFAULT_PHONE,
    }),
    [params],
  );
  const [customer, setCustomer] = useState<SandboxCustomer | null>(() =>
    params.get('accountId') && params.get('phoneNumber') ? checkCustomer(initial).customer : null,
  );
  const account = accounts?.find((a) => a._id === customer?.accountId);

  return (
    <Box component="main" className="sapa-sandbox-bg" mih="100dvh">
      <Container size={800} py={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <BrandLogo size={32} withText={false} />
            <div>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
                Simulator Pelanggan
              </Title>
              <Text c="dimmed" size="sm" maw={560}>
                Kirim pesan sebagai pelanggan ke nomor sandbox, lalu balas dari kotak masuk Sapa. Balasan yang
                memuat #gagal sengaja dibuat gagal terkirim.
              </Text>
            </div>
          </Group>
          {sandboxLinkKey() ? null : (
            <Anchor component={Link} to="/user/chat" size="sm">
              Buka Kotak Masuk
            </Anchor>
          )}
        </Group>

        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} mb="lg" role="alert">
            {error}
          </Alert>
        ) : null}

        <div className="sapa-sandbox-grid">
          <Paper withBorder radius="lg" p="lg" className="sapa-sandbox-setup">
            {accounts ? (
              <SandboxSetup
                // A prefilled query starts the form again; added accounts keep what is typed.
                key={initial.accountId}
                accounts={accounts}
                initial={{ ...initial, accountId: initial.accountId || accounts[0]?._id || '' }}
                onStart={setCustomer}
                onAddChannel={addChannel}
                onRestrict={setRestricted}
              />
            ) : (
              <Stack gap="md" aria-busy="true" aria-label="Memuat akun sandbox">
                <Skeleton height={56} />
                <Skeleton height={56} />
                <Skeleton height={56} />
              </Stack>
            )}
          </Paper>
          {customer ? (
            <SandboxChat
              key={`${customer.accountId}-${customer.phoneNumber}-${customer.name}`}
              customer={customer}
              businessName={account?.label.name ?? 'Bisnis'}
              channel={account?.type ?? null}
            />
          ) : (
            <section className="sapa-phone sapa-phone-idle" aria-label="Ponsel pelanggan">
              <Stack align="center" justify="center" gap="xs" h="100%" p="xl" ta="center">
                <IconDeviceMobile size={40} stroke={1.4} aria-hidden />
                <Text size="sm" c="dimmed">
                  Pilih akun sandbox dan isi data pelanggan, lalu tekan Mulai Simulasi.
                </Text>
              </Stack>
            </section>
          )}
        </div>
      </Container>
    </Box>
  );
}
