/** The lazily loaded half of lazy-modal.tsx (a module of its own, so the chunk holds only Modal). */
export { Modal as default } from '@mantine/core';
