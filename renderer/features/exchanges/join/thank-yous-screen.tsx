/**
 * /gift-exchanges/:exchangeId/thank-yous/ (v2.giftExchanges.thankYous): from the exchange date on, a
 * participant thanks their Secret Santa (who stays anonymous: "Your Secret Santa") and reads the
 * thank-you of the person they gave to (named). Before that, the server's reason says when. A
 * thank-you may carry a photo of the gift (chosen with it or added later: thank-you-photo.tsx),
 * which the exchange page's gallery shows to everyone in the exchange.
 */
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ZSendThankYou } from '../../../../server/contracts/exchanges';
import { THANK_YOU_MAX } from '../../../../server/contracts/exchange-values';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { ExchangePage } from '../manage/exchange-page';
import { useExchangeToast } from '../manage/exchange-parts';
import { formatDate } from '../../../kit/format';
import { PHOTO_HINT, PhotoChooser, photoProblem, SentThankYouPhoto, useThankYouPhotoUpload } from './thank-you-photo';

type TThankYous = TRouterOutputs['exchanges']['thankYous'];
type TThankYou = TThankYous['items'][number];

function ThankYouForm({ exchangeId }: { exchangeId: string }) {
  const send = trpc.exchanges.sendThankYou.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const upload = useThankYouPhotoUpload(exchangeId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const toInput = (values: { body: string }) => ({ exchangeId, ...values });
  const form = useSchemaForm(
    ZSendThankYou,
    { body: '' },
    async (values) => {
      const sent = await send.mutateAsync(toInput(values));
      toast.success('Your thank-you is on its way to your Secret Santa');
      // The photo follows the thank-you; if it is refused, the thank-you stays and can take another.
      if (photo) {
        try {
          await upload(sent.thankYouId, photo);
        } catch (error) {
          toast.failed('Your thank-you is sent, but its photo could not be added', error);
        }
      }
      await utils.exchanges.thankYous.invalidate({ exchangeId });
    },
    undefined,
    { toInput },
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit} data-testid="thank-you-form">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Thank your Secret Santa
          </Title>
          <Textarea
            label="Your thank-you"
            description="They stay anonymous; they read it with your name."
            autosize
            minRows={3}
            maxLength={THANK_YOU_MAX}
            {...form.field('body')}
            data-testid="thank-you-body"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} component="div">
              A photo of the gift (optional)
            </Text>
            <Group gap="sm">
              <PhotoChooser
                label="Photo of the gift for the gallery (optional)"
                buttonText={photo ? 'Choose another photo' : 'Choose a photo'}
                busy={false}
                onFile={(file) => {
                  const problem = photoProblem(file);
                  setPhotoError(problem);
                  setPhoto(problem ? null : file);
                }}
                testId="thank-you-new-photo"
              />
              {photo ? (
                <Text size="sm" data-testid="thank-you-new-photo-name">
                  {photo.name}
                </Text>
              ) : null}
              {photo ? (
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setPhoto(null)}
                  data-testid="thank-you-new-photo-clear"
                >
                  No photo
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c={photoError ? 'red.8' : 'dimmed'} role={photoError ? 'alert' : undefined}>
              {photoError ?? PHOTO_HINT}
            </Text>
          </Stack>
          <FormFailure message={form.failure} testId="thank-you-failure" />
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy} data-testid="thank-you-send">
              Send my thank-you
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ThankYouList({
  exchangeId,
  title,
  items,
  empty,
  testId,
  canAddPhoto = false,
}: {
  exchangeId: string;
  title: string;
  items: TThankYou[];
  empty: string;
  testId: string;
  canAddPhoto?: boolean;
}) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        items.map((item) => (
          <Card key={item.thankYouId} withBorder radius="md" padding="md" data-testid="thank-you-item">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {item.direction === 'sent' ? `To ${item.otherName}` : `From ${item.otherName}`} ·{' '}
                {formatDate(item.createdAt)}
              </Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{item.body}</Text>
              {item.photoUrl || (item.direction === 'sent' && canAddPhoto) ? (
                <SentThankYouPhoto
                  exchangeId={exchangeId}
                  thankYouId={item.thankYouId}
                  photoUrl={item.photoUrl}
                  canChange={item.direction === 'sent' && canAddPhoto}
                />
              ) : null}
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}

function ThankYous({ exchangeId, data }: { exchangeId: string; data: TThankYous }) {
  const sent = data.items.filter((item) => item.direction === 'sent');
  const received = data.items.filter((item) => item.direction === 'received');
  return (
    <Stack gap="lg">
      {data.canSend ? (
        <ThankYouForm exchangeId={exchangeId} />
      ) : data.notYetReason ? (
        <Alert color="blue" variant="light" data-testid="thank-you-not-yet">
          {data.notYetReason}.
        </Alert>
      ) : null}
      <ThankYouList
        exchangeId={exchangeId}
        title="From the person you gave to"
        items={received}
        empty="No thank-you yet. The person you gave to can thank you from the exchange date on."
        testId="thank-yous-received"
      />
      {sent.length > 0 ? (
        <ThankYouList
          exchangeId={exchangeId}
          title="Your thank-you"
          items={sent}
          empty=""
          testId="thank-yous-sent"
          canAddPhoto={data.canAddPhoto}
        />
      ) : null}
    </Stack>
  );
}

export default function ThankYousScreen() {
  const { exchangeId = '' } = useParams();
  const thankYous = trpc.exchanges.thankYous.useQuery({ exchangeId }, { enabled: exchangeId !== '' });
  return (
    <ExchangePage exchangeId={exchangeId} title="Thank-yous" testId="thank-yous-screen">
      <QueryView query={thankYous} skeleton={<ListSkeleton rows={2} />}>
        {(data) => <ThankYous exchangeId={exchangeId} data={data} />}
      </QueryView>
    </ExchangePage>
  );
}
