import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '@/components/common/EmptyState';

/** A single-page category whose schema has no fields yet. */
export function ClassInfoEmpty({ name }: { name: string }) {
  return (
    <EmptyState
      icon={<PostAddOutlined />}
      title={`「${name}」还没有单页字段`}
      description="请先在「栏目管理」中编辑该栏目，为单页表单添加字段，之后即可在这里填写内容。"
      descriptionMaxWidth={420}
      action={
        <Button variant="outlined" href="/class/list">
          前往栏目管理
        </Button>
      }
    />
  );
}
