import type { Announcements } from '@dnd-kit/core';

/** What a screen reader hears while a category row is dragged (dnd-kit's defaults are English). */
export const dragAnnouncements = ({ nameOf }: { nameOf: (id: number) => string }): Announcements => ({
  onDragStart: ({ active }) => `已拿起栏目「${nameOf(Number(active.id))}」。`,
  onDragOver: ({ active, over }) =>
    over
      ? `栏目「${nameOf(Number(active.id))}」移到了「${nameOf(Number(over.id))}」的位置。`
      : `栏目「${nameOf(Number(active.id))}」不在可放下的位置。`,
  onDragEnd: ({ active, over }) =>
    over
      ? `栏目「${nameOf(Number(active.id))}」放在了「${nameOf(Number(over.id))}」的位置。`
      : `栏目「${nameOf(Number(active.id))}」已放下。`,
  onDragCancel: ({ active }) => `已取消拖动，栏目「${nameOf(Number(active.id))}」回到原位。`,
});
