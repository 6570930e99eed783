import { useSiteConfig } from '../../contexts/site-config.tsx';
import { compactCount, useGitHubFacts } from '../../hooks/use-github-facts.ts';
import { ForkIcon, GitHubIcon, StarIcon, TagIcon } from '../Icons/Icons.tsx';

/** The repository link with its facts. The facts area has a fixed size, so nothing moves when they arrive or fail. */
export function GitHubLink() {
  const { github } = useSiteConfig();
  const facts = useGitHubFacts(github.owner, github.repo);
  const label = `Исходный код ${github.owner}/${github.repo} на GitHub`;
  return (
    <a className="github-link" href={`https://github.com/${github.owner}/${github.repo}`} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
      <GitHubIcon />
      <span className="github-link__facts">
        <span className="github-link__fact github-link__tag" data-testid="github-tag" hidden={!facts.tag}>
          <TagIcon /> {facts.tag}
        </span>
        <span className="github-link__fact" data-testid="github-stars" hidden={facts.stars === undefined} aria-label={facts.stars !== undefined ? `${facts.stars} звёзд` : undefined}>
          <StarIcon /> {facts.stars !== undefined ? compactCount(facts.stars) : ''}
        </span>
        <span className="github-link__fact" data-testid="github-forks" hidden={facts.forks === undefined} aria-label={facts.forks !== undefined ? `${facts.forks} форков` : undefined}>
          <ForkIcon /> {facts.forks !== undefined ? compactCount(facts.forks) : ''}
        </span>
      </span>
    </a>
  );
}
