/** Colours of the Insights series: one per vehicle type, one per rule, in turn (distinct, readable on white). */
export const TYPE_COLORS = ['#1c7ed6', '#f76707', '#0ca678', '#ae3ec9', '#e03131', '#f59f00', '#1098ad', '#5c940d', '#d6336c', '#495057'];
export const RULE_COLORS = ['#e03131', '#f76707', '#f59f00', '#ae3ec9', '#1c7ed6', '#0ca678', '#1098ad', '#d6336c', '#5c940d', '#7048e8', '#495057', '#74b816'];
