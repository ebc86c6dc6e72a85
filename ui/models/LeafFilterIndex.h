// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ItemRoles.h"

#include <QHash>
#include <QModelIndex>
#include <QSet>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

class QAbstractItemModel;

namespace ds::ui {

// What StatusFilterProxyModel asks of every leaf row on each keystroke, read
// from the source model once (lowercased filter text, states as a bit mask,
// whether it counts) so a keystroke is one tight pass over plain vectors
// instead of a QVariant round trip per row and role — at 50k CRs that
// difference is most of a keystroke's time.
class LeafFilterIndex
{
public:
    // Reads every row of `model` (nothing when it is already read).
    void build(const QAbstractItemModel *model);
    void clear();
    bool isBuilt() const { return m_built; }
    // Re-reads the leaf rows `first`..`last` below `parent` (their data changed).
    void refresh(const QAbstractItemModel *model, const QModelIndex &parent, int first, int last);

    // Matches every leaf against the words (lowercase). Narrowing (the words
    // only grew) re-tests only the leaves that matched before.
    void match(const QStringList &lowercaseWords, bool narrowing);

    // The leaf ordinal of a source row, or -1 for a group row.
    int leafOf(quintptr internalId) const { return m_ordinal.value(internalId, -1); }
    bool alwaysVisible(quintptr internalId) const { return m_alwaysVisible.contains(internalId); }
    bool textMatches(int leaf) const { return m_matches[std::size_t(leaf)] != 0; }
    bool hasState(int leaf, std::uint64_t stateMask) const { return (m_leaves[std::size_t(leaf)].states & stateMask) != 0; }
    bool isCounted(int leaf) const { return m_leaves[std::size_t(leaf)].counted; }

    // Counted leaves that match the text, by state.
    StateCounts countsByState() const;
    int matchingLeaves() const;
    // Counted leaves below a group row that match the text and one of the
    // states (none given: any state) — what the proxy shows below it, without asking
    // the proxy (which would build its row mappings for every subgroup).
    int shownBelow(quintptr groupId, std::optional<std::uint64_t> stateMask) const;

    // The bits of these states (as this index numbers them; a state no leaf
    // has gets none).
    std::uint64_t maskOf(const QList<int> &states) const;

private:
    struct Leaf
    {
        QString text; // lowercase
        std::uint64_t states = 0;
        bool counted = true;
    };
    void read(const QAbstractItemModel *model, const QModelIndex &parent);
    // `shared`: take the text of an earlier leaf with the same FilterTextShare (while building).
    Leaf leafFrom(const QModelIndex &index, bool shared = false);
    std::uint64_t bitsOf(const QList<int> &states); // numbering states not seen before
    bool matchesWords(const Leaf &leaf) const;

    bool m_built = false;
    std::vector<Leaf> m_leaves;
    std::vector<char> m_matches; // per leaf, for m_words
    QStringList m_words;
    QHash<quintptr, int> m_ordinal;
    QSet<quintptr> m_alwaysVisible;
    // Leaves are read depth first, so the leaves below a group are one range.
    QHash<quintptr, std::pair<int, int>> m_groupLeaves; // [first, end)
    // States are enum values (TemplateState, ClusterObjectState, kUnreviewedDrift = 1000):
    // each distinct one gets a bit, in the order first seen.
    QHash<int, int> m_bitOfState;
    std::vector<int> m_stateOfBit;
    // While building: lowercased texts by FilterTextShare, so that a CR listed
    // twice (49k under Unmatched at 50k CRs) is read and lowercased once.
    std::vector<QString> m_sharedText;
    std::vector<char> m_hasSharedText;
};

} // namespace ds::ui
