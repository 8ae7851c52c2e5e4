import { ThemeIcon } from '@mantine/core';
import { IconBug, IconFeather, IconMedal, IconSchool, IconShoe, IconTarget, type Icon } from '@tabler/icons-react';

const icons: Record<string, Icon> = {
  FootprintsIcon: IconShoe,
  TargetIcon: IconTarget,
  FeatherIcon: IconFeather,
  GraduationCapIcon: IconSchool,
  BugIcon: IconBug,
};

/** A badge's icon; an unknown name shows the default medal (spec 3). Decorative: the name is printed beside it. */
export function BadgeIcon({ icon }: { icon: string }) {
  const Glyph = icons[icon] ?? IconMedal;
  return (
    <ThemeIcon size="lg" radius="xl" variant="light" color="yellow.9" aria-hidden>
      <Glyph size={20} />
    </ThemeIcon>
  );
}
