// SPDX-License-Identifier: Apache-2.0
#include "LeafFilterIndex.h"

#include <QAbstractItemModel>

#include <algorithm>
#include <array>
#include <cstdint>

namespace ds::ui {

namespace {
constexpr int kMaskBits = 64;
}

std::uint64_t LeafFilterIndex::maskOf(const QList<int> &states) const
{
    std::uint64_t mask = 0;
    for (int state : states)
        if (const int bit = m_bitOfState.value(state, -1); bit >= 0)
            mask |= std::uint64_t(1) << bit;
    return mask;
}

std::uint64_t LeafFilterIndex::bitsOf(const QList<int> &states)
{
    for (int state : states)
        if (!m_bitOfState.contains(state) && m_stateOfBit.size() < std::size_t(kMaskBits)) {
            m_bitOfState.insert(state, int(m_stateOfBit.size()));
            m_stateOfBit.push_back(state);
        }
    return maskOf(states);
}

void LeafFilterIndex::clear()
{
    m_built = false;
    m_leaves.clear();
    m_matches.clear();
    m_ordinal.clear();
    m_alwaysVisible.clear();
    m_groupLeaves.clear();
    m_bitOfState.clear();
    m_stateOfBit.clear();
}

LeafFilterIndex::Leaf LeafFilterIndex::leafFrom(const QModelIndex &index, bool shared)
{
    Leaf leaf;
    const QVariant share = shared ? index.data(ItemRole::FilterTextShare) : QVariant();
    const std::size_t key = share.isValid() && share.toInt() >= 0 ? std::size_t(share.toInt()) : SIZE_MAX;
    if (key < m_hasSharedText.size() && m_hasSharedText[key]) {
        leaf.text = m_sharedText[key]; // implicitly shared, not copied
    } else {
        // Lowercased in place: the variant is gone, so the text is not shared.
        QString text = index.data(ItemRole::FilterText).toString();
        leaf.text = std::move(text).toLower();
        if (key != SIZE_MAX) {
            if (key >= m_sharedText.size()) {
                m_sharedText.resize(key + 1);
                m_hasSharedText.resize(key + 1, 0);
            }
            m_sharedText[key] = leaf.text;
            m_hasSharedText[key] = 1;
        }
    }
    leaf.states = bitsOf(index.data(ItemRole::States).value<QList<int>>());
    leaf.counted = index.data(ItemRole::Counted).toBool();
    return leaf;
}

void LeafFilterIndex::read(const QAbstractItemModel *model, const QModelIndex &parent)
{
    for (int row = 0, rows = model->rowCount(parent); row < rows; ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (index.data(ItemRole::IsLeaf).toBool()) {
            m_ordinal.insert(index.internalId(), int(m_leaves.size()));
            m_leaves.push_back(leafFrom(index, true));
            continue;
        }
        if (index.data(ItemRole::AlwaysVisible).toBool())
            m_alwaysVisible.insert(index.internalId());
        const int first = int(m_leaves.size());
        read(model, index);
        m_groupLeaves.insert(index.internalId(), {first, int(m_leaves.size())});
    }
}

void LeafFilterIndex::build(const QAbstractItemModel *model)
{
    if (m_built || !model)
        return;
    clear();
    read(model, QModelIndex());
    m_sharedText = {}; // a refresh reads its rows' texts again: they may have changed
    m_hasSharedText = {};
    m_built = true;
    m_matches.assign(m_leaves.size(), 1); // until match() is asked

}

void LeafFilterIndex::refresh(const QAbstractItemModel *model, const QModelIndex &parent, int first, int last)
{
    if (!m_built)
        return;
    for (int row = first; row <= last; ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        const int leaf = leafOf(index.internalId());
        if (leaf < 0)
            continue;
        m_leaves[std::size_t(leaf)] = leafFrom(index);
        m_matches[std::size_t(leaf)] = matchesWords(m_leaves[std::size_t(leaf)]) ? 1 : 0;
    }
}

bool LeafFilterIndex::matchesWords(const Leaf &leaf) const
{
    return std::all_of(m_words.cbegin(), m_words.cend(),
                       [&](const QString &word) { return leaf.text.contains(word, Qt::CaseSensitive); });
}

void LeafFilterIndex::match(const QStringList &lowercaseWords, bool narrowing)
{
    m_words = lowercaseWords;
    if (!m_built)
        return;
    for (std::size_t i = 0; i < m_leaves.size(); ++i)
        if (!narrowing || m_matches[i])
            m_matches[i] = matchesWords(m_leaves[i]) ? 1 : 0;
}

StateCounts LeafFilterIndex::countsByState() const
{
    std::array<int, kMaskBits> perState{};
    for (std::size_t i = 0; i < m_leaves.size(); ++i) {
        if (!m_matches[i] || !m_leaves[i].counted)
            continue;
        for (std::uint64_t bits = m_leaves[i].states; bits; bits &= bits - 1)
            ++perState[std::size_t(__builtin_ctzll(bits))];
    }
    StateCounts counts;
    for (std::size_t bit = 0; bit < m_stateOfBit.size(); ++bit)
        if (perState[bit] > 0)
            counts.insert(m_stateOfBit[bit], perState[bit]);
    return counts;
}

int LeafFilterIndex::matchingLeaves() const
{
    return int(std::count(m_matches.cbegin(), m_matches.cend(), char(1)));
}

int LeafFilterIndex::shownBelow(quintptr groupId, std::optional<std::uint64_t> stateMask) const
{
    const auto [first, end] = m_groupLeaves.value(groupId, {0, 0});
    int n = 0;
    for (int leaf = first; leaf < end; ++leaf)
        n += textMatches(leaf) && isCounted(leaf) && (!stateMask || hasState(leaf, *stateMask)) ? 1 : 0;
    return n;
}

} // namespace ds::ui
