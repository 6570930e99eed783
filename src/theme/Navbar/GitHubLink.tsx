import { useSiteConfig } from '../../contexts/site-config.tsx';
import { compactCount, useGitHubFacts } from '../../hooks/use-github-facts.ts';
import { ForkIcon, GitHubIcon, StarIcon, TagIcon } from '../Icons/Icons.tsx';

/**
 * The repository link with its facts. The facts area has a fixed size, so nothing moves when
 * they arrive or fail. The link's name is its text (visually hidden words plus the visible
 * facts), so what a screen reader says matches what is on screen.
 */
export function GitHubLink() {
  const { github } = useSiteConfig();
  const facts = useGitHubFacts(github);
  const repo = `${github.owner}/${github.repo}`;
  return (
    <a className="github-link" href={`https://github.com/${repo}`} target="_blank" rel="noopener noreferrer" title={`Исходный код ${repo} на GitHub`}>
      <GitHubIcon />
      <span className="sr-only">GitHub {repo}</span>
      <span className="github-link__facts">
        <span className="github-link__fact github-link__tag" data-testid="github-tag" hidden={!facts.tag}>
          <TagIcon /><span className="sr-only">, последняя версия</span> {facts.tag}
        </span>
        <span className="github-link__fact" data-testid="github-stars" hidden={facts.stars === undefined}>
          <StarIcon /> {facts.stars !== undefined ? compactCount(facts.stars) : ''}<span className="sr-only"> звёзд</span>
        </span>
        <span className="github-link__fact" data-testid="github-forks" hidden={facts.forks === undefined}>
          <ForkIcon /> {facts.forks !== undefined ? compactCount(facts.forks) : ''}<span className="sr-only"> форков</span>
        </span>
      </span>
    </a>
  );
}
