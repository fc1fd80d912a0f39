/** The lazily loaded contents of terms-dialog.tsx: the modal that cannot be closed without accepting. */
import { Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import { Link } from '../routes/link';
import { href } from '../routes/route-table';

export default function TermsModal({
  opened,
  accepting,
  onAccept,
}: {
  opened: boolean;
  accepting: boolean;
  onAccept: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title="Our terms of service"
      aria-describedby="terms-dialog-body"
    >
      <Stack gap="md" data-testid="terms-dialog">
        <Text id="terms-dialog-body">
          Before you continue, please read and accept our terms of service. They explain how wish lists, gift exchanges
          and groups work, and how we look after your data.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Your wish lists are shown to the people you share them with.</List.Item>
          <List.Item>Gift exchange draws are secret: organisers cannot see who drew whom.</List.Item>
          <List.Item>You can delete your account and data at any time from your settings.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={href('v2.terms')} underline="always" data-testid="terms-read">
            Read the terms of service
          </Anchor>
          . Questions?{' '}
          <Anchor component={Link} to={href('v2.contactUs')} underline="always">
            Contact us
          </Anchor>
          .
        </Text>
        <Button onClick={onAccept} loading={accepting} data-testid="terms-accept" fullWidth>
          Accept the terms
        </Button>
      </Stack>
    </Modal>
  );
}
