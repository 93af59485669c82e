// The Dockerfile read with dockerfile-ast, for the static checks (tests/unit/dockerfile.test.ts)
// and for the payload test (tests/e2e/container-payload.spec.ts), which arranges the build's
// output as the final stage's COPY lines do and starts it with its CMD.
import fs from 'node:fs';
import path from 'node:path';
import {
  DockerfileParser,
  type Instruction,
  type JSONInstruction,
  type ModifiableInstruction,
} from 'dockerfile-ast';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export type StageCopy = { from: string | null; sources: string[]; dest: string };
export type Stage = {
  name: string | null;
  /** The base image with the file's initial ARGs resolved. */
  image: string;
  instructions: Instruction[];
  workdir: string;
  env: Record<string, string>;
  copies: StageCopy[];
  runs: string[];
  user: string | null;
  expose: string[];
  volumes: string[];
  /** The exec-form CMD, or null when missing or in shell form. */
  cmd: string[] | null;
  healthcheck: { flags: Record<string, string>; command: string } | null;
};

const jsonOrWords = (instruction: Instruction) => {
  const strings = (instruction as JSONInstruction).getJSONStrings?.() ?? [];
  return strings.length
    ? strings.map((item) => item.getJSONValue())
    : instruction.getArguments().map((a) => a.getValue());
};

const flagsOf = (instruction: Instruction) =>
  Object.fromEntries(
    ((instruction as ModifiableInstruction).getFlags?.() ?? []).map((flag) => [
      flag.getName(),
      flag.getValue() ?? '',
    ]),
  );

export const readDockerfile = (file = path.join(REPO_ROOT, 'Dockerfile')) => {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, 'utf8'));
  const initialArgs = Object.fromEntries(
    dockerfile
      .getInitialARGs()
      .map((arg) => [arg.getProperty()?.getName(), arg.getProperty()?.getValue() ?? '']),
  );
  const resolve = (text: string) =>
    text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => initialArgs[braced ?? bare] ?? whole);
  const froms = dockerfile.getFROMs();
  const instructions = dockerfile.getInstructions();
  const stages: Stage[] = froms.map((from, index) => {
    const start = from.getRange().start.line;
    const end = froms[index + 1]?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    const own = instructions.filter(
      (item) => item.getRange().start.line > start && item.getRange().start.line < end,
    );
    const stage: Stage = {
      name: from.getBuildStage(),
      image: resolve(from.getImage() ?? ''),
      instructions: own,
      workdir: '/',
      env: {},
      copies: [],
      runs: [],
      user: null,
      expose: [],
      volumes: [],
      cmd: null,
      healthcheck: null,
    };
    for (const item of own) {
      const keyword = item.getKeyword();
      if (keyword === 'WORKDIR')
        stage.workdir = path.posix.resolve(stage.workdir, item.getArguments()[0].getValue());
      if (keyword === 'ENV') {
        for (const property of (
          item as unknown as { getProperties: () => { getName(): string; getValue(): string | null }[] }
        ).getProperties())
          stage.env[property.getName()] = property.getValue() ?? '';
      }
      if (keyword === 'COPY') {
        const words = jsonOrWords(item);
        stage.copies.push({
          from: flagsOf(item).from ?? null,
          sources: words.slice(0, -1),
          dest: words.at(-1) ?? '',
        });
      }
      if (keyword === 'RUN') stage.runs.push(item.getArgumentsContent() ?? '');
      if (keyword === 'USER') stage.user = item.getArguments()[0]?.getValue() ?? null;
      if (keyword === 'EXPOSE') stage.expose.push(...item.getArguments().map((a) => a.getValue()));
      if (keyword === 'VOLUME') stage.volumes.push(...jsonOrWords(item));
      if (keyword === 'CMD') {
        const strings = (item as JSONInstruction).getJSONStrings();
        stage.cmd = strings.length ? strings.map((s) => s.getJSONValue()) : null;
      }
      if (keyword === 'HEALTHCHECK') {
        const content = item.getArgumentsContent() ?? '';
        stage.healthcheck = { flags: flagsOf(item), command: content.replace(/^CMD\s+/, '') };
      }
    }
    return stage;
  });
  return { dockerfile, initialArgs, stages, final: stages[stages.length - 1] };
};
