'use client';

import AddRounded from '@mui/icons-material/AddRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import UnfoldLessRounded from '@mui/icons-material/UnfoldLessRounded';
import UnfoldMoreRounded from '@mui/icons-material/UnfoldMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { ViewLoading } from '@/components/common/ViewLoading';
import { ClassListEmpty } from '@/components/categories/ClassListEmpty';
import { childrenOf, dropPlacement, flattenTree } from '@/components/categories/class-tree';
import { ClassEditorDialog } from '@/components/categories/ClassEditorDialog';
import { ClassTreeTable } from '@/components/categories/ClassTreeTable';
import { AllBinButton } from '@/components/recycle/AllBinButton';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { useClassActions } from '@/components/categories/use-class-actions';
import { useClassEditor } from '@/components/categories/use-class-editor';
import { useClassTree } from '@/components/categories/use-class-tree';
import { useCollapsed } from '@/components/categories/use-collapsed';
import { useRefreshRoutes } from '@/components/categories/use-refresh-routes';

/** 栏目管理 (/class/list): the category tree, its editor, delete and reorder. */
export function ClassListView() {
  const { tree, isLoading, hasFailed, reload } = useClassTree();
  const refreshRoutes = useRefreshRoutes();
  // Every accepted change also re-reads the 内容管理 menu, so it is current without signing out.
  const afterChange = useCallback(async () => {
    await reload();
    refreshRoutes();
  }, [reload, refreshRoutes]);
  const nodes = useMemo(() => tree ?? [], [tree]);
  const { collapsed, toggle, expandAll, collapseAll } = useCollapsed();
  const rows = useMemo(() => flattenTree({ nodes, collapsed }), [nodes, collapsed]);
  const actions = useClassActions({ onChanged: afterChange });
  const editor = useClassEditor({ tree: nodes, onSaved: afterChange });

  return (
    <Card variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, px: 2.5, py: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography component="h1" variant="h6">
            栏目管理
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            栏目构成「内容管理」菜单。拖动行首手柄或用上移 / 下移调整顺序；在编辑中可更换上级栏目。
          </Typography>
        </Box>
        <Button startIcon={<UnfoldMoreRounded />} onClick={expandAll} disabled={!tree?.length}>
          展开全部
        </Button>
        <Button startIcon={<UnfoldLessRounded />} onClick={() => collapseAll(nodes)} disabled={!tree?.length}>
          折叠全部
        </Button>
        <Button startIcon={<RefreshRounded />} onClick={() => void reload()}>
          刷新
        </Button>
        <AllBinButton />
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => editor.openCreate({ parentId: 0 })}
        >
          新增栏目
        </Button>
      </Box>
      <Divider />
      {isLoading && <ViewLoading label="正在加载栏目…" />}
      {!isLoading && hasFailed && !tree && (
        <Box role="alert" sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
          栏目加载失败。
          <Button onClick={() => void reload()}>重试</Button>
        </Box>
      )}
      {tree && tree.length === 0 && <ClassListEmpty onCreate={() => editor.openCreate({ parentId: 0 })} />}
      {tree && tree.length > 0 && (
        <ClassTreeTable
          rows={rows}
          collapsed={collapsed}
          isBusy={actions.isMoving}
          onToggle={(node) => toggle(node.id)}
          onMove={(row, offset) =>
            void actions.move({ id: row.node.id, parentId: row.node.parent_id, sort: row.index + offset })
          }
          onDrop={(activeId, overId) => {
            const placement = dropPlacement({ nodes, activeId, overId });
            if (placement) void actions.move({ id: activeId, ...placement });
          }}
          onAddChild={(node) => editor.openCreate({ parentId: node.id })}
          onEdit={(node) => void editor.openEdit({ id: node.id })}
          onDelete={actions.askDelete}
        />
      )}
      {tree && tree.length > 0 && (
        <Typography
          variant="caption"
          component="p"
          sx={{ px: 2.5, py: 1.25, color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
        >
          共 {rows.length} 行，顶级栏目 {childrenOf({ nodes, parentId: 0 }).length} 个
        </Typography>
      )}
      <ClassEditorDialog editor={editor} tree={nodes} />
      <ConfirmDialog
        isOpen={actions.pendingDelete !== null}
        message="此操作将永久删除该信息, 是否继续?"
        isBusy={actions.isDeleting}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      />
    </Card>
  );
}
