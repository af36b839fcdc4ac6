import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export interface EditDeleteButtonsProps {
  /** Short tooltip texts, and accessible names that say which item they act on. */
  editTooltip: string;
  editLabel: string;
  deleteTooltip: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete icon buttons every resource card ends with. */
export function EditDeleteButtons(p: EditDeleteButtonsProps) {
  return (
    <>
      <Tooltip title={p.editTooltip}>
        <IconButton aria-label={p.editLabel} onClick={p.onEdit}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={p.deleteTooltip}>
        <IconButton aria-label={p.deleteLabel} onClick={p.onDelete}>
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </>
  );
}
