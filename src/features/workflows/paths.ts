export const WORKFLOW_LIST_PATH = '/InspectionWorkflow';

export const workflowEditorPath = (workflowId: number) => `${WORKFLOW_LIST_PATH}/${workflowId}`;
