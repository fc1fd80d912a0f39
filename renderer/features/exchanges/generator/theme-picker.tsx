/**
 * One of EXCHANGE_THEMES as a group of radio cards: the theme's emoji, name and tagline, edged in
 * the theme's own colour (the invitation e-mails and the exchange's pages use it).
 */
import { Group, Radio, Stack, Text } from '@mantine/core';
import { EXCHANGE_THEMES } from '../../../../server/contracts/exchange-values';
import { CardGrid } from '../../../kit/card-grid';

export function ThemeBadge({ themeId }: { themeId: string }) {
  const theme = EXCHANGE_THEMES.find((item) => item.id === themeId) ?? EXCHANGE_THEMES[0];
  return (
    <Group gap="sm" wrap="nowrap" style={{ borderLeft: `6px solid ${theme.color}`, paddingLeft: 12 }}>
      <Text fz={32} lh={1} aria-hidden>
        {theme.emoji}
      </Text>
      <Stack gap={0}>
        <Text fw={700}>{theme.name}</Text>
        <Text size="sm" c="dimmed">
          {theme.tagline}
        </Text>
      </Stack>
    </Group>
  );
}

export function ThemePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (themeId: string) => void;
  error?: string;
}) {
  return (
    <Radio.Group label="Theme" value={value} onChange={onChange} error={error} data-testid="theme-picker">
      <CardGrid cols={{ base: 1, xs: 2 }} gap="sm" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        {EXCHANGE_THEMES.map((theme) => (
          <Radio.Card
            key={theme.id}
            value={theme.id}
            radius="md"
            p="sm"
            style={{ borderLeft: `6px solid ${theme.color}` }}
            data-testid={`theme-${theme.id}`}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>
                  <span aria-hidden>{theme.emoji} </span>
                  {theme.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {theme.tagline}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </CardGrid>
    </Radio.Group>
  );
}
