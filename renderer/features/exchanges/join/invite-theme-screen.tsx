/**
 * /secret-santa-generator/invite/:exchangeId/theme/ (v2.generator.invite.theme): the organizer
 * changes the invitation's theme (`exchanges.update({ themeId })`) while seeing how the invitation
 * looks in it; the invitation e-mails and the exchange's pages use it.
 */
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { exchangeTheme } from '../../../../server/contracts/exchange-values';
import { trpc } from '../../../trpc';
import { ThemePicker } from '../generator/theme-picker';
import { useExchangeToast, type TExchangeDetail } from '../manage/exchange-parts';
import { InviteHub } from './invite-hub';
import { InvitationCard } from './join-parts';

function ThemeForm({ exchange }: { exchange: TExchangeDetail }) {
  const [themeId, setThemeId] = useState(exchange.themeId);
  const update = trpc.exchanges.update.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const theme = exchangeTheme(themeId);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    try {
      const detail = await update.mutateAsync({ exchangeId: exchange.exchangeId, themeId: theme.id });
      utils.exchanges.get.setData({ exchangeId: exchange.exchangeId }, detail);
      void utils.exchanges.mine.invalidate();
      toast.success(`The invitations now use the ${theme.name} theme`);
    } catch (error) {
      toast.failed('The theme was not changed', error);
    }
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="invite-theme-form">
          <Stack gap="md">
            <ThemePicker value={theme.id} onChange={setThemeId} />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={update.isPending}
                disabled={theme.id === exchange.themeId}
                data-testid="invite-theme-save"
              >
                Use this theme
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          How the invitation looks
        </Title>
        <InvitationCard exchange={exchange} themeId={theme.id} testId="invite-theme-preview" />
      </Stack>
    </Stack>
  );
}

export default function InviteThemeScreen() {
  return (
    <InviteHub tab="theme" title="The invitation’s theme" testId="invite-theme-screen">
      {(exchange) => <ThemeForm exchange={exchange} />}
    </InviteHub>
  );
}
