import { Col, Row } from 'antd';
import workspaces from 'virtual:dependencies';
import { AppCard } from '../components/app-card';
import { DependencyList } from '../components/dependency-list';
import { ServerCard } from '../components/server-card';
import { useAbout } from '../hooks/use-about';
import '../about.css';

/**
 * `/about` (every signed-in user, from the user menu): the web app's build (version, time,
 * commit), the running server (versions, start time, the caller's site, documentation links)
 * and every workspace's dependencies. The dependency list is built into this page's chunk
 * (`virtual:dependencies`), so no other page carries it.
 */
export default function AboutPage() {
  const about = useAbout();
  return (
    <div className="page about-page" data-testid="about">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <AppCard />
        </Col>
        <Col xs={24} lg={12}>
          <ServerCard about={about.data} error={about.isError ? about.error.message : null} onRetry={() => void about.refetch()} />
        </Col>
        <Col span={24}>
          <DependencyList workspaces={workspaces} />
        </Col>
      </Row>
    </div>
  );
}
