import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import ContentCutOutlined from '@mui/icons-material/ContentCutOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import type { NavigationName } from './navigation';

/** The icon of each navigation entry (spec section 3: entries have an icon). */
export const navigationIcons: Record<NavigationName, SvgIconComponent> = {
  home: HomeOutlined,
  sources: SensorsOutlined,
  targets: CellTowerOutlined,
  players: SmartDisplayOutlined,
  flowchart: AccountTreeOutlined,
  media: VideoLibraryOutlined,
  editor: MovieCreationOutlined,
  clipping: ContentCutOutlined,
  comments: ForumOutlined,
};
