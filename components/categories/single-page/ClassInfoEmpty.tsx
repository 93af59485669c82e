import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** A single-page category whose schema has no fields yet. */
export function ClassInfoEmpty({ name }: { name: string }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: 6,
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
        <PostAddOutlined sx={{ fontSize: 34 }} />
      </Box>
      <Typography variant="subtitle1" component="p">
        「{name}」还没有单页字段
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
        请先在「栏目管理」中编辑该栏目，为单页表单添加字段，之后即可在这里填写内容。
      </Typography>
      <Button variant="outlined" href="/class/list">
        前往栏目管理
      </Button>
    </Box>
  );
}
