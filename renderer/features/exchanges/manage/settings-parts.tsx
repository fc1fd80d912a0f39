/**
 * The exchange's switches (ZExchangeSettings), one call each (`exchanges.updateSettings`): the
 * switch shows the new state at once and goes back, with the server's reason, when the call fails.
 */
import { Card, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import type { TExchangeSettings } from '../../../../server/contracts/exchanges';
import { trpc } from '../../../trpc';
import { useExchangeToast, type TExchangeDetail } from './exchange-parts';

export type TSettingKey = Exclude<keyof TExchangeSettings, 'exchangeId'>;

export interface TSettingSwitch {
  key: TSettingKey;
  label: string;
  /** What it does, in one sentence. */
  description: string;
  /** Why it cannot change now, if so. */
  lockedReason?: (exchange: TExchangeDetail) => string | null;
}

function SettingSwitch({ exchange, setting }: { exchange: TExchangeDetail; setting: TSettingSwitch }) {
  const saved = exchange.settings[setting.key];
  const [pending, setPending] = useState<boolean | null>(null);
  const update = trpc.exchanges.updateSettings.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const locked = setting.lockedReason?.(exchange) ?? null;
  const checked = pending ?? saved;

  async function change(next: boolean): Promise<void> {
    setPending(next);
    try {
      const detail = await update.mutateAsync({ exchangeId: exchange.exchangeId, [setting.key]: next });
      utils.exchanges.get.setData({ exchangeId: exchange.exchangeId }, detail);
      void utils.exchanges.viewDraw.invalidate({ exchangeId: exchange.exchangeId });
      toast.success(`${setting.label}: ${next ? 'on' : 'off'}.`);
    } catch (error) {
      toast.failed(`Could not change “${setting.label}”`, error);
    } finally {
      setPending(null);
    }
  }

  return (
    <Switch
      size="md"
      label={setting.label}
      description={locked ? `${setting.description} ${locked}` : setting.description}
      checked={checked}
      disabled={locked !== null || update.isPending}
      onChange={(event) => void change(event.currentTarget.checked)}
      data-testid={`setting-${setting.key}`}
    />
  );
}

export function SettingSwitches({
  exchange,
  settings,
}: {
  exchange: TExchangeDetail;
  settings: readonly TSettingSwitch[];
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        {settings.map((setting) => (
          <SettingSwitch key={setting.key} exchange={exchange} setting={setting} />
        ))}
      </Stack>
    </Card>
  );
}
