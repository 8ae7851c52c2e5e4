import type { ComponentType } from 'react';
import { IconBug, IconFeather, IconFootsteps, IconMedal, IconSchool, IconTarget, type IconProps } from '@tabler/icons-react';

/** The five named badge icons (content-and-features.md section 3); anything else is a medal. */
const icons: Record<string, ComponentType<IconProps>> = {
  FootprintsIcon: IconFootsteps,
  TargetIcon: IconTarget,
  FeatherIcon: IconFeather,
  GraduationCapIcon: IconSchool,
  BugIcon: IconBug,
};

/** Which drawing a badge icon name maps to; exported for tests and for anything that labels badges. */
export function badgeIconKind(icon: string): 'footprints' | 'target' | 'feather' | 'graduation-cap' | 'bug' | 'medal' {
  const kinds = {
    FootprintsIcon: 'footprints',
    TargetIcon: 'target',
    FeatherIcon: 'feather',
    GraduationCapIcon: 'graduation-cap',
    BugIcon: 'bug',
  } as const;
  return (kinds as Record<string, (typeof kinds)[keyof typeof kinds]>)[icon] ?? 'medal';
}

/** A badge's icon, decorative (the badge name next to it carries the meaning). */
export function BadgeIcon({ icon, size = 24, stroke = 1.75 }: { icon: string; size?: number; stroke?: number }) {
  const Icon = icons[icon] ?? IconMedal;
  return <Icon size={size} stroke={stroke} aria-hidden data-badge-icon={badgeIconKind(icon)} />;
}
