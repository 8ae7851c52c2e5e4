import type { CSSProperties } from 'react';

/**
 * Error text and borders in red 8 rather than Mantine's red 6, which is under 4.5:1 on white. Set on the
 * page and on each modal (modals render in a portal, outside the page).
 */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties;

/** Modals above the layout's sidebar (z-index 201), with readable errors. */
export const modalProps = { zIndex: 300, style: readableErrors, closeButtonProps: { 'aria-label': 'Close' } } as const;

/** A dark title for yellow (warning) alerts: Mantine's yellow text is under 4.5:1. */
export const warningTitle = { title: { color: 'var(--mantine-color-gray-9)' } } as const;
