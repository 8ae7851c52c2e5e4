import { ThemeIcon } from '@mantine/core';
import { BadgeIcon } from '../../../lib/badges/badge-icon';

/** A badge's icon in a round chip; decorative, since the badge name is printed beside it. */
export function BadgeChip({ icon }: { icon: string }) {
  return (
    <ThemeIcon size="lg" radius="xl" variant="light" color="yellow" c="orange.9" aria-hidden>
      <BadgeIcon icon={icon} size={20} />
    </ThemeIcon>
  );
}
