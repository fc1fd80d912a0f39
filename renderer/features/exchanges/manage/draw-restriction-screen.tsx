/**
 * /gift-exchanges/:exchangeId/draw-restrictions/:userId/ (v2.giftExchanges.drawRestriction): whom
 * one person may not draw, as checkboxes over the other people, and whether it goes both ways
 * (`setRestrictions`, which replaces their list). Fixed once the names are drawn.
 */
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { joinNames } from '../../../kit/format';
import { ExchangePage } from './exchange-page';
import { ManagersOnly, refusalText, useExchangeToast, type TExchangeDetail } from './exchange-parts';
import { useAllRestrictions, type TRestrictionRow } from './restriction-parts';

function RestrictionForm({
  exchange,
  row,
  everyone,
}: {
  exchange: TExchangeDetail;
  row: TRestrictionRow;
  everyone: TRestrictionRow[];
}) {
  const [cannotDraw, setCannotDraw] = useState<string[]>(row.cannotDraw);
  const [bothWays, setBothWays] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const save = trpc.exchanges.setRestrictions.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const navigate = useAppNavigate();
  const { exchangeId } = exchange;
  const name = row.person.displayName;
  const others = everyone.filter((other) => other.person.userId !== row.person.userId);
  const fixed = exchange.status !== 'open';
  const keptFrom = others
    .filter((other) => other.cannotDraw.includes(row.person.userId))
    .map((other) => other.person.displayName);

  async function submit(): Promise<void> {
    setFailure(null);
    try {
      await save.mutateAsync({ exchangeId, userId: row.person.userId, cannotDraw, bothWays });
      await utils.exchanges.restrictions.invalidate({ exchangeId });
      toast.success(cannotDraw.length ? `${name}’s restrictions are saved.` : `${name} may draw anyone.`);
      await navigate(href('v2.giftExchanges.drawRestrictions', { exchangeId }));
    } catch (error) {
      setFailure(refusalText(error));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-testid="restriction-form"
      >
        <Stack gap="md">
          <Checkbox.Group
            label={`${name} may not draw:`}
            description="Tick everyone they must not give a gift to."
            value={cannotDraw}
            onChange={setCannotDraw}
            data-testid="restriction-checkboxes"
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm" spacing="xs">
              {others.map((other) => (
                <Checkbox
                  key={other.person.userId}
                  value={other.person.userId}
                  label={other.person.displayName}
                  disabled={fixed}
                  data-testid="restriction-checkbox"
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch
            label="Both ways"
            description={`Also keep each of them from drawing ${name}. Off: only ${name} is restricted.`}
            checked={bothWays}
            onChange={(event) => setBothWays(event.currentTarget.checked)}
            disabled={fixed}
            data-testid="restriction-both-ways"
          />
          {keptFrom.length ? (
            <Text size="sm" c="dimmed" data-testid="restriction-incoming">
              {`${joinNames(keptFrom)} may not draw ${name}.`}
            </Text>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="restriction-failure">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={href('v2.giftExchanges.drawRestrictions', { exchangeId })} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={fixed} data-testid="restriction-save">
              Save restrictions
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Restriction({ exchange, userId }: { exchange: TExchangeDetail; userId: string }) {
  const rows = useAllRestrictions(exchange.exchangeId);
  return (
    <QueryView query={rows} skeleton={<ListSkeleton rows={3} />}>
      {(list) => {
        const row = list.find((item) => item.person.userId === userId);
        if (!row)
          return (
            <EmptyState
              title="This person is not in the draw"
              description="Only people who take part (or are invited) can have restrictions. They may have declined or been removed."
              action={
                <Button
                  component={Link}
                  to={href('v2.giftExchanges.drawRestrictions', { exchangeId: exchange.exchangeId })}
                  variant="light"
                >
                  Back to the restrictions
                </Button>
              }
            />
          );
        return (
          <Stack gap="md">
            {exchange.status !== 'open' ? (
              <Alert color="blue" variant="light">
                The names are drawn, so restrictions can no longer change.
              </Alert>
            ) : null}
            <RestrictionForm key={row.cannotDraw.join()} exchange={exchange} row={row} everyone={list} />
          </Stack>
        );
      }}
    </QueryView>
  );
}

export default function DrawRestrictionScreen() {
  const { exchangeId = '', userId = '' } = useParams();
  const person = trpc.exchanges.participant.useQuery({ exchangeId, userId }, { retry: false });
  const name = person.data?.person.displayName;
  return (
    <ExchangePage
      exchangeId={exchangeId}
      title={name ? `Who ${name} may not draw` : 'Draw restriction'}
      testId="exchange-restriction-screen"
    >
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Restriction exchange={exchange} userId={userId} />
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
