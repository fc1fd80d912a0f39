/**
 * The owner's add / edit dialog for a wish (loaded on first use by owner-view.tsx): the wish form in
 * a modal; saving adds or updates the wish, says so, refreshes the lists and closes.
 */
import { Button } from '@mantine/core';
import { LazyModal } from '../../app/lazy-modal';
import { trpc } from '../../trpc';
import { EMPTY_WISH, WishForm, wishInput, wishValues, type TWishValues } from './wish-forms';
import { useWishToast, type TOwnWish } from './wish-list-parts';

export type TEditing = { kind: 'add' } | { kind: 'edit'; wish: TOwnWish };

/** The add / edit dialog; `editing` stays set while it closes, so its contents animate out. */
export default function WishModal({
  opened,
  formKey,
  editing,
  wishlistId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  formKey: number;
  editing: TEditing | null;
  wishlistId: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const toast = useWishToast();
  const add = trpc.wishLists.addWish.useMutation();
  const update = trpc.wishLists.updateWish.useMutation();

  async function save(values: TWishValues): Promise<void> {
    if (editing?.kind === 'edit') {
      await update.mutateAsync({ wishId: editing.wish.wishId, ...wishInput(values) });
      toast.success(`“${values.title.trim()}” is saved`);
    } else {
      await add.mutateAsync({ wishlistId, ...wishInput(values) });
      toast.success(`“${values.title.trim()}” is on your list`, 'Wish added');
    }
    await onSaved();
    onClose();
  }

  const current = editing;
  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={current?.kind === 'edit' ? `Edit “${current.wish.title}”` : 'Add a wish'}
      size="lg"
    >
      {current ? (
        <WishForm
          key={formKey}
          initial={current.kind === 'edit' ? wishValues(current.wish) : EMPTY_WISH}
          submitLabel={current.kind === 'edit' ? 'Save wish' : 'Add wish'}
          onSubmit={save}
          footer={
            <Button variant="default" onClick={onClose} data-testid="wish-cancel">
              Cancel
            </Button>
          }
        />
      ) : null}
    </LazyModal>
  );
}
