import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** No category yet: say what a category is for and offer to create the first. */
export function ClassListEmpty({ onCreate }: { onCreate: () => void }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: 8,
      }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <AccountTreeOutlined sx={{ fontSize: 34 }} />
      </Box>
      <Typography variant="subtitle1" component="p">
        还没有栏目
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 460 }}>
        栏目决定「内容管理」菜单的结构，以及每个栏目的内容有哪些字段。先新增一个栏目吧。
      </Typography>
      <Button variant="contained" startIcon={<AddRounded />} onClick={onCreate}>
        新增栏目
      </Button>
    </Box>
  );
}
