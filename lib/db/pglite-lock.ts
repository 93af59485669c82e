import 'server-only';
import fs from 'node:fs';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Two processes on one PGlite data dir destroy it, so the dir is owned through an exclusive lock
 * file holding the owner's pid. A dead pid, or our own (a container restarted as PID 1), is stale.
 */
export const acquireDirLock = ({
  lockPath,
  dataDir,
  busyMessage,
}: {
  lockPath: string;
  dataDir: string;
  /** What to tell the user when another live process owns the dir (default: the app's own message). */
  busyMessage?: (owner: number) => string;
}) => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(/*turbopackIgnore: true*/ lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(/*turbopackIgnore: true*/ lockPath, 'utf8').trim() === String(process.pid))
            fs.unlinkSync(/*turbopackIgnore: true*/ lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(/*turbopackIgnore: true*/ lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          busyMessage?.(owner) ??
            `嵌入式数据库目录 ${dataDir} 正被进程 ${owner} 使用。同一目录不能被两个进程同时打开（会损坏数据）：` +
              `请先停止该进程，或用 PGLITE_DIR 指定另一个目录，或设置 DATABASE_URL 使用 PostgreSQL。`,
        );
      }
      fs.rmSync(/*turbopackIgnore: true*/ lockPath, { force: true });
    }
  }
  throw new Error(`无法获取数据库目录锁 ${lockPath}`);
};
