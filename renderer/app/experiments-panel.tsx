/**
 * The dev-only experiments panel (spec §2, §4 "Experiments: fetched only in dev"): lists the
 * features of GET /v1/features/ with this visitor's variant, and forces a variant with
 * POST /auth/set-experiment/ { experimentName, variant }. Mounted only when import.meta.env.DEV.
 */
import { Affix, Badge, Button, Drawer, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppRuntime } from './runtime-context';

interface TFeature {
  tag: string;
  name: string;
  assignedVariant: string;
  isWinningVariant: boolean;
  lastChecked: number;
}

function ForceVariant({ feature }: { feature: TFeature }) {
  const { requester } = useAppRuntime();
  const queryClient = useQueryClient();
  const [variant, setVariant] = useState(feature.assignedVariant);
  const force = useMutation({
    mutationFn: () =>
      requester.request({
        method: 'POST',
        url: '/auth/set-experiment/',
        body: { experimentName: feature.name, variant },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['dev-features'] }),
  });
  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        size="xs"
        value={variant}
        onChange={(event) => setVariant(event.currentTarget.value)}
        w={110}
        aria-label={`Variant of ${feature.name}`}
      />
      <Button size="xs" onClick={() => force.mutate()} loading={force.isPending} disabled={!variant.trim()}>
        Force
      </Button>
      {force.isError && (
        <Text size="xs" c="red">
          failed
        </Text>
      )}
    </Group>
  );
}

export default function ExperimentsPanel() {
  const { requester } = useAppRuntime();
  const [opened, setOpened] = useState(false);
  const features = useQuery({
    queryKey: ['dev-features'],
    enabled: opened,
    queryFn: () => requester.request<TFeature[]>({ method: 'GET', url: '/v1/features/' }),
  });
  return (
    <>
      <Affix position={{ bottom: 60, left: 16 }} zIndex={120}>
        <Button
          size="xs"
          variant="outline"
          color="grape"
          onClick={() => setOpened(true)}
          data-testid="experiments-toggle"
        >
          Experiments
        </Button>
      </Affix>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="Experiments (dev only)" position="left" size="lg">
        <Stack gap="sm" data-testid="experiments-panel">
          {features.isLoading && <Text size="sm">Loading…</Text>}
          {features.isError && (
            <Text size="sm" c="red">
              The features could not be loaded.
            </Text>
          )}
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Feature</Table.Th>
                <Table.Th>Variant</Table.Th>
                <Table.Th>Force</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(features.data ?? []).map((feature) => (
                <Table.Tr key={feature.name}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {feature.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {feature.tag}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={feature.isWinningVariant ? 'green' : 'gray'}>
                      {feature.assignedVariant}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ForceVariant feature={feature} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Drawer>
    </>
  );
}
