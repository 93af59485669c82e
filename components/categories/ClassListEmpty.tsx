import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import { EmptyState } from '@/components/common/EmptyState';

/** No category yet: say what a category is for and offer to create the first. */
export function ClassListEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState
      icon={<AccountTreeOutlined />}
      title="还没有栏目"
      description="栏目决定「内容管理」菜单的结构，以及每个栏目的内容有哪些字段。先新增一个栏目吧。"
      descriptionMaxWidth={460}
      py={8}
      action={
        <Button variant="contained" startIcon={<AddRounded />} onClick={onCreate}>
          新增栏目
        </Button>
      }
    />
  );
}
