/** A person's round picture, or their initials on the app's red when they have none. */
import { Avatar } from '@mantine/core';
import { initialsOf } from './initials';

export function PersonAvatar({
  name,
  pictureUrl,
  size = 40,
}: {
  name: string;
  pictureUrl: string | null;
  size?: number;
}) {
  return (
    <Avatar src={pictureUrl} alt={pictureUrl ? `Picture of ${name}` : undefined} size={size} radius="xl" color="red">
      {initialsOf(name)}
    </Avatar>
  );
}
