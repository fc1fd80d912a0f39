/**
 * A thank-you's gift photo (issue 31, the gallery): chosen with the thank-you or added to it later,
 * sent as the raw image (PUT /v1/exchanges/{id}/thank-yous/{thankYouId}/photo), where it is checked
 * and re-encoded like a profile picture; everyone in the exchange sees it in the gallery.
 */
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '../../../../server/contracts/people-values';
import { useAppRuntime } from '../../../app/runtime-context';
import { trpc } from '../../../trpc';
import { useProtectedImage } from '../manage/gallery-panel';
import { useExchangeToast } from '../manage/exchange-parts';

export const PHOTO_HINT = 'JPEG, PNG or WebP, up to 5 MB. Everyone in the exchange sees it in the gallery.';

/** Why a file cannot be a photo (checked again by the server), or null. */
export function photoProblem(file: File): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP picture.';
  if (file.size > PICTURE_MAX_BYTES) return 'Choose a picture smaller than 5 MB.';
  return null;
}

/** Sends a photo for one of the caller's thank-yous, then refreshes the thank-yous and the gallery. */
export function useThankYouPhotoUpload(exchangeId: string) {
  const { requester } = useAppRuntime();
  const utils = trpc.useUtils();
  return async (thankYouId: string, file: File): Promise<void> => {
    await requester.request({
      method: 'PUT',
      url: `/v1/exchanges/${encodeURIComponent(exchangeId)}/thank-yous/${encodeURIComponent(thankYouId)}/photo`,
      body: file,
      headers: { 'content-type': file.type },
    });
    await Promise.all([
      utils.exchanges.thankYous.invalidate({ exchangeId }),
      utils.exchanges.gallery.invalidate({ exchangeId }),
    ]);
  };
}

/** A native file chooser behind a button, labelled for assistive technology. */
export function PhotoChooser({
  label,
  buttonText,
  busy,
  onFile,
  testId,
}: {
  label: string;
  buttonText: string;
  busy: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        aria-label={label}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        data-testid={`${testId}-input`}
      />
      <Button variant="default" loading={busy} onClick={() => input.current?.click()} data-testid={`${testId}-button`}>
        {buttonText}
      </Button>
    </>
  );
}

/** The photo of the caller's own (sent) thank-you: shown, added, changed or removed. */
export function SentThankYouPhoto({
  exchangeId,
  thankYouId,
  photoUrl,
  canChange,
}: {
  exchangeId: string;
  thankYouId: string;
  photoUrl: string | null;
  canChange: boolean;
}) {
  const src = useProtectedImage(photoUrl);
  const upload = useThankYouPhotoUpload(exchangeId);
  const { requester } = useAppRuntime();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const [busy, setBusy] = useState(false);

  async function choose(file: File): Promise<void> {
    const problem = photoProblem(file);
    if (problem) {
      toast.failed('Could not add the photo', new Error(problem));
      return;
    }
    setBusy(true);
    try {
      await upload(thankYouId, file);
      toast.success('The photo is in the gallery');
    } catch (error) {
      toast.failed('Could not add the photo', error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<void> {
    setBusy(true);
    try {
      await requester.request({
        method: 'DELETE',
        url: `/v1/exchanges/${encodeURIComponent(exchangeId)}/thank-yous/${encodeURIComponent(thankYouId)}/photo`,
      });
      await Promise.all([
        utils.exchanges.thankYous.invalidate({ exchangeId }),
        utils.exchanges.gallery.invalidate({ exchangeId }),
      ]);
      toast.success('The photo is removed');
    } catch (error) {
      toast.failed('Could not remove the photo', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="thank-you-photo">
      {photoUrl ? (
        src ? (
          <Image
            src={src}
            alt="The photo of the gift on your thank-you"
            h={160}
            w="auto"
            fit="contain"
            radius="sm"
            data-testid="thank-you-photo-image"
          />
        ) : null
      ) : null}
      {canChange ? (
        <>
          <Group gap="xs">
            <PhotoChooser
              label="Photo of the gift for the gallery"
              buttonText={photoUrl ? 'Change the photo' : 'Add a photo of the gift'}
              busy={busy}
              onFile={(file) => void choose(file)}
              testId="thank-you-photo"
            />
            {photoUrl ? (
              <Button
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => void remove()}
                data-testid="thank-you-photo-remove"
              >
                Remove the photo
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {PHOTO_HINT}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
